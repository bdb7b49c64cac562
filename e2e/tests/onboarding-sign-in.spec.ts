import type { Page } from '@playwright/test';
import { expectNoAxeViolationsAtEveryWidth } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForHydration, waitForSignOutConfirmation } from '../support/hydration';
import { applicants, storedSessionKeys, watchForMagicLink } from '../support/magicLink';
import { serverUrlFor } from '../support/stack';

/**
 * The onboarding area of this site (its pages have their own spec; here only the address counts:
 * the dashboard may move on to a sub-page, e.g. chat scheduling for a new applicant).
 */
async function expectOnboardingArea(page: Page) {
  await expect(page).toHaveURL((url) => /^\/onboarding(\/|$)/.test(url.pathname));
  expect(new URL(page.url()).origin).toBe(new URL(serverUrlFor(test.info().parallelIndex)).origin);
}
// A step-up token of the server's length (32 random bytes, base64url) that it never issued.
const unknownStepUpToken = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

test.describe('magic-link sign-in (§2 auth, §4)', () => {
  test('an applicant asks for a magic link, opens it from the outbox, lands on /onboarding; the link works once', async ({
    page,
    request,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Tutor Onboarding');
    await waitForHydration(page.getByRole('button', { name: 'Send Magic Link' }));
    const nextLink = await watchForMagicLink(request, applicants.sam);
    await page.getByRole('textbox', { name: 'Email' }).fill(applicants.sam);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    const link = await nextLink();
    expect(link).toMatch(/^\/auth\?email=sam\.rivera%40example\.com&stepupToken=[\w-]{40,}$/);

    await page.goto(link);
    await expect(page).toHaveURL('/onboarding');
    // §3: the magic session keeps its own two items; the Google idToken is not used.
    const stored = await page.evaluate(storedSessionKeys);
    expect(stored.magicIdToken).toMatch(/\S+\.\S+\.\S*/);
    expect(stored.magicUserId).toMatch(/^applicant-/);
    expect(stored.idToken).toBeNull();

    // §2: a signed-in applicant skips the sign-in screen, also after a reload of the app.
    await page.goto('/auth');
    await expect(page).toHaveURL('/onboarding');

    // The same link a second time: code, then message (§8).
    await page.goto(link);
    const failure = page.getByRole('alert');
    await expect(failure).toHaveText(
      // The server's id of the refused request follows, for support (issue 37).
      /^unauthenticated\s*This sign-in link has already been used\. Request a new one\.\s*Reference: [0-9a-f-]{36}$/,
    );
    await expect(failure.locator('p').first()).toHaveText('unauthenticated');
    // The used token leaves the address; the e-mail stays for a new link.
    await expect(page).toHaveURL('/auth?email=sam.rivera%40example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(applicants.sam);
    await expect(page.getByRole('link', { name: 'Continue to onboarding' })).toBeVisible();

    // /logout ends the magic session and clears both magic items.
    await page.goto('/logout');
    await waitForSignOutConfirmation(page);
    expect(await page.evaluate(storedSessionKeys)).toEqual({
      idToken: null,
      magicIdToken: null,
      magicUserId: null,
    });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Send Magic Link' })).toBeVisible();
  });

  test('a link asked for with returnUrl leads there after sign-in', async ({ page, request }) => {
    await page.goto('/auth?email=alex.morgan%40example.com&returnUrl=%2Fonboarding%2Fwaiver');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(applicants.alex);
    await waitForHydration(page.getByRole('button', { name: 'Send Magic Link' }));
    const nextLink = await watchForMagicLink(request, applicants.alex);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    const link = await nextLink();
    expect(new URL(link, 'http://portal').searchParams.get('returnUrl')).toBe('/onboarding/waiver');

    await page.goto(link);
    await expect(page).toHaveURL('/onboarding/waiver');
  });

  test('the guard sends a signed-out visitor to /auth, and the link it then asks for leads back', async ({
    page,
    request,
  }) => {
    await page.goto('/onboarding/training');
    await expect(page).toHaveURL('/auth');
    const nextLink = await watchForMagicLink(request, applicants.casey);
    await page.getByRole('textbox', { name: 'Email' }).fill(applicants.casey);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    const link = await nextLink();
    expect(new URL(link, 'http://portal').searchParams.get('returnUrl')).toBe(
      '/onboarding/training',
    );
    await page.goto(link);
    await expectOnboardingArea(page);
  });

  test('an older /signin.html link with an unknown token shows code, then message', async ({
    page,
  }) => {
    await page.goto(`/signin.html?token=${unknownStepUpToken}&email=sam.rivera%40example.com`);
    await expect(page.getByRole('alert')).toHaveText(
      /^unauthenticated\s*This sign-in link is not valid\. Request a new one\.\s*Reference: [0-9a-f-]{36}$/,
    );
    await expect(page).toHaveURL(/\/auth\/?\?email=sam\.rivera%40example\.com$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(applicants.sam);
    expect(await page.evaluate(storedSessionKeys)).toEqual({
      idToken: null,
      magicIdToken: null,
      magicUserId: null,
    });
  });

  test('a garbled token is refused before it reaches the server', async ({ page }) => {
    await page.goto('/auth?stepupToken=garbled');
    await expect(page.getByRole('alert')).toHaveText(
      /^invalid-argument\s*This sign-in link is not valid\. Request a new one\.$/,
    );
  });

  test('a returnUrl of another site is ignored after sign-in (no open redirect)', async ({
    page,
    request,
  }) => {
    // The link comes from the real server; only the address it is opened with is tampered with.
    await page.goto('/auth');
    await waitForHydration(page.getByRole('button', { name: 'Send Magic Link' }));
    const nextLink = await watchForMagicLink(request, applicants.taylor);
    await page.getByRole('textbox', { name: 'Email' }).fill(applicants.taylor);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    const link = new URL(await nextLink(), 'http://portal');
    link.searchParams.set('returnUrl', 'https://evil.example.com/onboarding');
    await page.goto(`${link.pathname}${link.search}`);
    await expectOnboardingArea(page);
  });
});

test.describe('appointment-scheduling setup (§2 new-onboarding-user, §8)', () => {
  test('a new applicant is created, signed in and taken to the onboarding area', async ({
    page,
  }) => {
    const email = `new.applicant.${Date.now()}@example.com`;
    const query = new URLSearchParams({
      email,
      First_Name: 'Robin',
      Last_Name: 'Park',
      phonenum: '(555) 010-4477',
    });
    await page.goto(`/new-onboarding-user?${query}`);
    await expectOnboardingArea(page);
    const stored = await page.evaluate(storedSessionKeys);
    expect(stored.magicUserId).toMatch(/^applicant-/);
  });

  test("an existing applicant's e-mail is 'dup-email', with a button to sign in", async ({
    page,
  }) => {
    const query = new URLSearchParams({
      email: applicants.sam,
      First_Name: 'Sam',
      Last_Name: 'Rivera',
      phonenum: '555-010-0001',
    });
    await page.goto(`/new-onboarding-user?${query}`);
    await expect(page.getByRole('alert')).toHaveText('A tutor with this email already exists.');
    const signIn = page.getByRole('link', { name: 'Sign In' });
    await expect(signIn).toHaveAttribute('href', '/auth?email=sam.rivera%40example.com');
    await signIn.click();
    await expect(page).toHaveURL('/auth?email=sam.rivera%40example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(applicants.sam);
  });

  test("values the server cannot accept are 'invalid-submission'", async ({ page }) => {
    const text =
      'The information submitted was improperly formatted. Please go back and try again.';
    // A refused request's notice ends with the server's id of it, for support (issue 37).
    const withReference = new RegExp(`^${text.replace(/\./g, '\\.')}\\s*Reference: [0-9a-f-]{36}$`);
    // A phone the contract refuses (400 INVALID_ARGUMENT), then one the server's own rules refuse.
    for (const [phonenum, shown] of [
      ['call me maybe', withReference],
      ['12 34 56', text], // a result, not a refused request: no reference
    ] as const) {
      const query = new URLSearchParams({
        email: `bad.phone.${Date.now()}@example.com`,
        First_Name: 'Robin',
        Last_Name: 'Park',
        phonenum,
      });
      await page.goto(`/new-onboarding-user?${query}`);
      await expect(page.getByRole('alert')).toHaveText(shown);
      await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
        'href',
        /^\/auth\?email=bad\.phone\./,
      );
    }
    // Missing values: nothing to send.
    await page.goto('/new-onboarding-user?email=robin%40example.com');
    await expect(page.getByRole('alert')).toHaveText(text);
  });

  test('a failure of another kind says so, with the advice of §8', async ({ page }) => {
    await page.route('**/api/functions/createNewOnboardingUser', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'Try again later.' } }),
      }),
    );
    await page.goto(
      `/new-onboarding-user?${new URLSearchParams({
        email: 'robin@example.com',
        First_Name: 'Robin',
        Last_Name: 'Park',
        phonenum: '555-010-4477',
      })}`,
    );
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    const advice = page.getByRole('region', { name: 'What you can do' });
    await expect(advice).toContainText('request a new sign-in link');
    await expect(advice.getByRole('link', { name: 'Tutor Portal' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
    await expect(advice.getByRole('link', { name: /^Contact onboarding support/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?email=robin%40example.com',
    );
  });
});

// Each state is checked at both widths in one visit: sending links counts against the server's
// hourly per-IP limit, which the whole e2e suite shares.
test.describe('axe at 1280 and 390 px: sign-in screens', () => {
  test('/auth idle, with the success banner and with the failure banner', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Send Magic Link' })).toBeVisible();
    await expectNoAxeViolationsAtEveryWidth(page);

    // No applicant has this address: the server answers the same, and mails nothing.
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    await expectNoAxeViolationsAtEveryWidth(page);

    await page.goto(`/auth?stepupToken=${unknownStepUpToken}`);
    await expect(page.getByRole('alert')).toContainText('unauthenticated');
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('/new-onboarding-user error states', async ({ page }) => {
    await page.goto(
      `/new-onboarding-user?${new URLSearchParams({
        email: applicants.sam,
        First_Name: 'Sam',
        Last_Name: 'Rivera',
        phonenum: '555-010-0001',
      })}`,
    );
    await expect(page.getByRole('alert')).toHaveText('A tutor with this email already exists.');
    await expectNoAxeViolationsAtEveryWidth(page);

    // The server out of reach: the other-type error with its advice.
    await page.route('**/api/functions/createNewOnboardingUser', (route) => route.abort());
    await page.goto(
      `/new-onboarding-user?${new URLSearchParams({
        email: 'robin@example.com',
        First_Name: 'Robin',
        Last_Name: 'Park',
        phonenum: '555-010-4477',
      })}`,
    );
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expectNoAxeViolationsAtEveryWidth(page);
  });
});
