import { letTimePass } from '../support/clock';
import { expect, test } from '../support/fixtures';
import {
  maya,
  outsideDomain,
  recordPopupFeatures,
  signInWithGooglePopup,
  unknownTutor,
} from '../support/googleSignIn';
import { waitForSignOutConfirmation } from '../support/hydration';
import { jordan } from '../support/tutoringDashboard';

// Signed out, the tutoring area opens the emulator's Google popup by itself.
test.use({ googlePopupSignIn: true });

test('a tutor signs in with the Google popup and sees their welcome line', async ({ page }) => {
  const popupFeatures = await recordPopupFeatures(page);
  await page.goto('/');
  // Jordan has no new announcement: no popup can cover the page before the sign-out below.
  await signInWithGooglePopup(page, jordan, () =>
    page.getByRole('link', { name: 'Go to the Tutor Portal' }).click(),
  );

  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Jordan!');
  // §9: a 500x600 popup.
  const [features] = await popupFeatures();
  expect(features).toMatch(/(^|,)width=500(,|$)/);
  expect(features).toMatch(/(^|,)height=600(,|$)/);
  // §3: the ID token is kept in local storage under 'idToken'.
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toMatch(/\S+\.\S+/);

  // The Firebase session survives a reload: no second popup.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Jordan!');

  // §2: the sidebar's Log Out goes through /logout.
  await page
    .getByRole('navigation', { name: 'Tutoring Dashboard' })
    .getByRole('link', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out.');
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
});

test('/logout after a real sign-in ends the Firebase session and removes the idToken', async ({
  page,
}) => {
  await signInWithGooglePopup(page, maya, () => page.goto('/tutoring'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
  await page.evaluate(() => {
    localStorage.setItem('magicIdToken', 'magic-token');
    localStorage.setItem('magicUserId', 'uid-sam');
  });
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toMatch(/\S+\.\S+/);

  // A fresh page load: the Firebase session has to be restored before it can be ended.
  await page.goto('/logout');
  await waitForSignOutConfirmation(page);
  await expect(page.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
  const stored = await page.evaluate(() =>
    ['idToken', 'magicIdToken', 'magicUserId'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null]);

  // Firebase itself forgot the user: the tutoring area asks for a sign-in again, and the sign-in
  // screen opens Google's popup.
  const popup = page.waitForEvent('popup');
  await page.goto('/tutoring');
  await expect(page).toHaveURL('/auth/google');
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
  // Closed here rather than left opening while the context closes: chromium once hung for a
  // minute closing a context with the popup half-open.
  await (await popup).close();
});

test('the guard sends a signed-out visitor to sign in and back to the path plus query', async ({
  page,
}) => {
  await signInWithGooglePopup(page, maya, () => page.goto('/tutoring?tab=students'));
  await expect(page).toHaveURL('/tutoring?tab=students');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
});

test('a Google account outside the organisation is refused with a clear message', async ({
  page,
}) => {
  await page.goto('/');
  await signInWithGooglePopup(page, outsideDomain, () =>
    page.getByRole('link', { name: 'Go to the Tutor Portal' }).click(),
  );

  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This account cannot open the Tutor Portal',
  );
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Sign in with your organisation e-mail.');
  await expect(notice).toContainText(`You are signed in as ${outsideDomain.email}.`);
  await expect(notice).toContainText('only for @tutoring.example.org accounts');
  await expect(page.getByText('Welcome,')).toHaveCount(0);

  // Another account, straight from the refusal.
  await signInWithGooglePopup(page, maya, () =>
    page.getByRole('button', { name: 'Use another account' }).click(),
  );
  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
});

test('an organisation account without a tutor record gets the account-not-found screen', async ({
  page,
}) => {
  await signInWithGooglePopup(page, unknownTutor, () => page.goto('/tutoring'));
  await expect(page.getByRole('alert')).toContainText('We cannot find your account in our system.');
  await expect(page.getByRole('link', { name: /^report a bug/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out.');
});

test('closing the popup without signing in goes back to the landing page', async ({ page }) => {
  // The page's timers run on Playwright's clock, in step with real time until the test lets time
  // pass at once (support/clock.ts).
  await page.clock.install();
  await page.goto('/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Go to the Tutor Portal' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  await popup.close();
  // Firebase notices a closed popup by polling every 2 s, then waits 8 s more for a late auth event
  // before it reports auth/popup-closed-by-user: 10 s in all, which pass on the clock.
  await letTimePass(page, 11_000);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

test('when the browser blocks the automatic popup, a button opens it', async ({ page }) => {
  // Stands in for a popup blocker: the first window.open (the automatic one) gets no window.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    let blocked = false;
    window.open = (...args: Parameters<typeof window.open>) => {
      if (!blocked) {
        blocked = true;
        return null;
      }
      return open(...args);
    };
  });
  await page.goto('/tutoring');
  await expect(page).toHaveURL('/auth/google');
  await expect(page.getByRole('status')).toContainText('Your browser blocked the sign-in window.');

  await signInWithGooglePopup(page, maya, () =>
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  );
  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
});
