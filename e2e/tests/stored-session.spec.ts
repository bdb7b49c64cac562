import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { maya } from '../support/googleSignIn';
import { closeNewAnnouncementPopupWhenShown } from '../support/messenger';

// Issue 39, over the real stack: a tutor's return visit renders the tutoring area from the session
// stored on the device (§3 'idToken') instead of waiting for Firebase to download and ask the Auth
// server; Firebase's report still decides, and a device whose Firebase no longer holds the user is
// sent to sign in, with the stored token cleared.

test.describe.configure({ timeout: 120_000 });

test.use({ signedInAs: maya });

/** Holds every request to the Auth emulator (Firebase's user lookup and token refresh). */
async function holdAuthServer(context: BrowserContext) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await context.route(
    (url) => /(identitytoolkit|securetoken)\.googleapis\.com/.test(url.pathname),
    async (route) => {
      held += 1;
      await released;
      await route.continue();
    },
  );
  return { release, heldCount: () => held };
}

const welcome = (page: Page) => page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' });

test('the dashboard shows from the stored session while Firebase has not reported the user', async ({
  context,
  page,
}) => {
  await closeNewAnnouncementPopupWhenShown(page);
  const authServer = await holdAuthServer(context);

  await page.goto('/tutoring');
  // Her students come from the server with the stored token, before Firebase could know her.
  await expect(welcome(page)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Students' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  await expect(page.getByRole('progressbar', { name: 'Checking your sign-in' })).toHaveCount(0);

  // Firebase, asked for once the screen had its answers, is still waiting on the Auth server: it
  // did not wait for Firebase.
  await expect.poll(authServer.heldCount).toBeGreaterThan(0);
  const lookup = page.waitForResponse((response) => response.url().includes('accounts:lookup'));
  authServer.release();

  // Firebase confirms her: she stays on her dashboard, and her stored token is still hers.
  expect((await lookup).ok()).toBe(true);
  await expect(page).toHaveURL('/tutoring');
  await expect(welcome(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeTruthy();
});

test('a stored token whose user Firebase no longer holds ends at the sign-in, cleared', async ({
  browser,
  storageState,
  baseURL,
}) => {
  // The portal's stored token without Firebase's own storage: as after a sign-out in another
  // browser profile, or a cleared site database.
  const state = typeof storageState === 'string' ? undefined : storageState;
  const origins = (state?.origins ?? []).map((origin) => ({
    origin: origin.origin,
    localStorage: origin.localStorage,
  }));
  expect(origins.flatMap((origin) => origin.localStorage.map((item) => item.name))).toContain(
    'idToken',
  );
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins },
  });
  try {
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/tutoring');
    // §2: the tutoring area sends a visitor without a Google session to sign in (whose popup,
    // offline here, then fails and goes to /).
    await expect.poll(() => visited).toContain('/auth/google');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
  } finally {
    await context.close();
  }
});
