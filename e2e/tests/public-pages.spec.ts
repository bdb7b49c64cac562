import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  recordScriptCspViolations,
  socialProofScriptUrl,
  stubExternalScripts,
  supportChatScriptUrl,
  supportChatWidgetId,
} from '../support/externalScripts';
import { expect, test } from '../support/fixtures';
import { maya } from '../support/googleSignIn';
import { waitForHydration, waitForSignOutConfirmation } from '../support/hydration';

/** Issue 14's budget: the landing route downloads at most 60 KB of our JS, gzip. */
const landingJsBudgetBytes = 60_000;

const firebaseCode = (script: { url: string; body: string }) =>
  /firebase/i.test(new URL(script.url).pathname) ||
  script.body.includes('@firebase/') ||
  script.body.includes('__FIREBASE_DEFAULTS__');

const firebaseSdkCode = (script: { body: string }) =>
  script.body.includes('@firebase/') || script.body.includes('__FIREBASE_DEFAULTS__');

/** A same-origin JS file the browser fetched, with its gzip size (level 9). */
interface JsDownload {
  url: string;
  body: string;
  gzipBytes: number;
}

/**
 * Every same-origin JS file the page fetches from now on: the entry, its imports and whatever the
 * HTML preloads (a preload is a download too). The list grows as the page goes on.
 */
function recordJsDownloads(page: Page, baseURL: string | undefined): Promise<JsDownload>[] {
  const origin = new URL(baseURL ?? '').origin;
  const downloads: Promise<JsDownload>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    downloads.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          body: body.toString('utf8'),
          gzipBytes: gzipSync(body, { level: 9 }).length,
        }),
        // Unreadable: its size is unknown, which fails the budget rather than passing it.
        () => ({ url: response.url(), body: '', gzipBytes: Number.NaN }),
      ),
    );
  });
  return downloads;
}

test.describe('landing page', () => {
  test('shows the student card, the tutor card, Report an Issue and the footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Tutoring Portal/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Welcome to the Tutoring Portal',
    );

    const studentCard = page.getByRole('region', { name: 'Are you a student?' });
    await expect(studentCard).toContainText(
      'Sign in with your tutoring code to reach the student portal.',
    );
    const studentPortal = studentCard.getByRole('link', { name: /^Go to the Student Portal/ });
    await expect(studentPortal).toHaveAttribute('href', /^https:\/\//);
    await expect(studentPortal).toHaveAttribute('target', '_blank');
    await expect(studentPortal).toHaveAttribute('rel', 'noopener noreferrer');

    const tutorCard = page.getByRole('region', { name: 'Already a tutor?' });
    await expect(tutorCard).toContainText('Sign in with your organisation e-mail');
    await expect(tutorCard).toContainText('@tutoring.example.org');
    const tutorPortal = tutorCard.getByRole('link', { name: 'Go to the Tutor Portal' });
    await expect(tutorPortal).toHaveAttribute('href', '/tutoring');
    await expect(tutorPortal).not.toHaveAttribute('target', /.*/);
    for (const name of ['Volunteer tutor application', 'Student application']) {
      const link = tutorCard.getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const reportIssue = page
      .getByRole('main')
      .getByRole('link', { name: 'Report an Issue (opens in a new tab)' });
    await expect(reportIssue).toBeVisible();
    await expect(reportIssue).toHaveAttribute('href', /^https:\/\//);
    await expect(reportIssue).toHaveAttribute('target', '_blank');
    await expect(reportIssue).toHaveAttribute('rel', 'noopener noreferrer');

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    const socialLinks = footer.getByRole('navigation', { name: 'Social media' }).getByRole('link');
    await expect(socialLinks).toHaveCount(3);
    for (const link of await socialLinks.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test.describe('then the tutor sign-in', () => {
    // The tutoring area opens the emulator's Google popup by itself.
    test.use({ googlePopupSignIn: true });

    test('downloads at most 60 KB of JS (gzip), no Firebase code, which the tutor sign-in then loads', async ({
      page,
      baseURL,
    }) => {
      const downloads = recordJsDownloads(page, baseURL);

      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Go to the Tutor Portal' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const landingScripts = await Promise.all(downloads);
      expect(landingScripts.length).toBeGreaterThan(0);
      const landingGzipBytes = landingScripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      console.log(
        `'/' downloads ${landingScripts.length} JS files, ${(landingGzipBytes / 1000).toFixed(2)} kB gzip`,
      );
      expect(landingGzipBytes).toBeLessThanOrEqual(landingJsBudgetBytes);
      expect(landingScripts.filter(firebaseCode).map((script) => script.url)).toEqual([]);

      // The same check sees Firebase as soon as an auth route needs it, so it cannot pass blindly.
      await page.getByRole('link', { name: 'Go to the Tutor Portal' }).click();
      await expect
        .poll(async () => (await Promise.all(downloads)).filter(firebaseCode).length)
        .toBeGreaterThan(0);
    });
  });

  test('shows the focus ring on its links when tabbing through them', async ({ page }) => {
    await page.goto('/');
    const studentPortal = page.getByRole('link', { name: /^Go to the Student Portal/ });
    await expect(studentPortal).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(studentPortal).toBeFocused();
    const outline = () =>
      page.evaluate(() => {
        const { outlineStyle, outlineWidth } = getComputedStyle(document.activeElement as Element);
        return `${outlineStyle} ${outlineWidth}`;
      });
    expect(await outline()).toMatch(/^solid [1-9]/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Go to the Tutor Portal' })).toBeFocused();
    expect(await outline()).toMatch(/^solid [1-9]/);
  });
});

test.describe('/auth without a token or a session', () => {
  test('downloads no Firebase code and sends the magic link; a link token then loads Firebase', async ({
    page,
    baseURL,
  }) => {
    const downloads = recordJsDownloads(page, baseURL);

    await page.goto('/auth?email=nobody%40example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('nobody@example.com');
    await waitForHydration(page.getByRole('button', { name: 'Send Magic Link' }));
    // No applicant has this address: the server answers the same, and mails nothing.
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('status')).toContainText('Success! Magic link sent.');
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(downloads);
    const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    console.log(
      `'/auth' downloads ${scripts.length} JS files, ${(gzipBytes / 1000).toFixed(2)} kB gzip`,
    );
    // By content: firebaseSessionTypes-*.js (a type module with one helper, no SDK) is named so.
    expect(scripts.filter(firebaseSdkCode).map((script) => script.url)).toEqual([]);
    // No router either: the app's chunk is not among them.
    expect(scripts.filter((script) => /\/App-[\w-]+\.js$/.test(script.url))).toEqual([]);

    // A link's token takes the app's /auth, which loads Firebase to sign in with it.
    await page.goto('/auth?stepupToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('alert')).toContainText('unauthenticated');
    await expect
      .poll(async () => (await Promise.all(downloads)).filter(firebaseCode).length)
      .toBeGreaterThan(0);
  });
});

test.describe('prerendered public pages', () => {
  // The build renders them to HTML (apps/portal/scripts/prerender.mjs): a phone paints the whole
  // page before any script has run, here before none runs at all.
  test.use({ javaScriptEnabled: false });

  const prerendered = [
    { path: '/', status: 200, title: /Tutoring Portal/, heading: 'Welcome to the Tutoring Portal' },
    { path: '/credits', status: 200, title: /^Credits/, heading: 'Credits' },
    { path: '/coming-soon', status: 200, title: /^Coming Soon/, heading: 'Coming Soon!' },
    { path: '/error400', status: 200, title: 'Bad Request', heading: 'Bad Request' },
    { path: '/error500', status: 200, title: 'Server Error', heading: 'Server Error' },
    { path: '/no/such/page', status: 404, title: 'Page Not Found', heading: 'Page Not Found' },
    { path: '/logout', status: 200, title: 'Log out', heading: 'You have been logged out.' },
    {
      path: '/auth',
      status: 200,
      title: 'Sign in to Tutor Onboarding',
      heading: 'Sign in to Tutor Onboarding',
    },
  ] as const;
  for (const { path, status, title, heading } of prerendered) {
    test(`${path} answers HTTP ${status} with the whole page, its title and its links`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link').first()).toBeVisible();
    });
  }

  test('the routes of the app answer HTTP 200 with its shell, to be rendered by the app', async ({
    page,
  }) => {
    for (const path of [
      '/auth/google',
      '/tutoring',
      '/onboarding/waiver',
      '/tutoring/messenger/any',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('#root'), path).toBeEmpty();
    }
  });

  test('shows the focus ring on the links of a page without React', async ({ page }) => {
    await page.goto('/credits');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('link', { name: 'Visit Form Builder (opens in a new tab)' }),
    ).toBeFocused();
    const outline = await page.evaluate(() => {
      const { outlineStyle, outlineWidth } = getComputedStyle(document.activeElement as Element);
      return `${outlineStyle} ${outlineWidth}`;
    });
    expect(outline).toMatch(/^solid [1-9]/);
  });
});

test('/home redirects to /', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

const errorPages = [
  { path: '/no/such/page', title: 'Page Not Found', message: 'This page does not exist.' },
  {
    path: '/error400',
    title: 'Bad Request',
    message: 'Something went wrong with your request. Please check your input and try again.',
  },
  {
    path: '/error500',
    title: 'Server Error',
    message: 'Oops! Something went wrong on our end. Please try again later.',
  },
] as const;

for (const errorPage of errorPages) {
  test(`${errorPage.path} shows '${errorPage.title}', its message and the popular pages`, async ({
    page,
  }) => {
    await page.goto(errorPage.path);
    await expect(page).toHaveTitle(errorPage.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errorPage.title);
    await expect(page.getByRole('main')).toContainText(errorPage.message);
    const popular = page.getByRole('region', { name: 'Popular pages' });
    const mainWebsite = popular.getByRole('link', { name: 'Main website (opens in a new tab)' });
    await expect(mainWebsite).toHaveAttribute('href', /^https:\/\//);
    await expect(mainWebsite).toHaveAttribute('target', '_blank');
    await expect(popular.getByRole('link', { name: 'Onboarding' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expect(popular.getByRole('link', { name: 'Tutoring Dashboard' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
  });
}

test('/credits lists the three tools with an external link each', async ({ page }) => {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credits');
  const tools = page.getByRole('main').getByRole('listitem');
  await expect(tools).toHaveCount(3);
  for (const title of ['Form Builder', 'Scheduling Service', 'Video Platform']) {
    const tool = tools.filter({ has: page.getByRole('heading', { name: title }) });
    await expect(tool.locator('p')).not.toBeEmpty();
    const link = tool.getByRole('link', { name: `Visit ${title} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test.describe('/signin.html', () => {
  test('with a token, goes to /auth/ keeping the whole query string', async ({ page, baseURL }) => {
    // The sign-in screen at /auth/ then uses the token and drops it from the address, so the
    // redirect is checked in the history of the page's addresses.
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.goto('/signin.html?token=abc123&email=sam.rivera%40example.com');
    await expect(page).toHaveURL(/\/auth\/\?/);
    expect(addresses).toContain(
      new URL('/auth/?token=abc123&email=sam.rivera%40example.com', baseURL).href,
    );
  });

  test('without a token, goes to /auth', async ({ page }) => {
    await page.goto('/signin.html?email=sam.rivera%40example.com');
    await expect(page).toHaveURL('/auth');
  });
});

test('/logout without a session confirms the sign-out and links home', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('magicIdToken', 'magic-token');
    localStorage.setItem('magicUserId', 'uid-sam');
  });
  await page.goto('/logout');
  await waitForSignOutConfirmation(page);
  const stored = await page.evaluate(() =>
    ['idToken', 'magicIdToken', 'magicUserId'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null]);
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

/** Holds back every script of the portal but /logout's head script, until `release()`. */
async function holdPageScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    if (!route.request().url().includes('/logoutSessionCheck-')) await released;
    await route.continue();
  });
  return { release };
}

test('/logout confirms at once without a session, and with one only once it has signed out', async ({
  page,
}) => {
  const confirmation = page.locator('main h1');
  // Nearly every visit: nothing stored, and the prerendered confirmation is true before any script.
  const withoutSession = await holdPageScripts(page);
  await page.goto('/logout', { waitUntil: 'commit' });
  await expect(confirmation).toHaveText('You have been logged out.');
  await expect(confirmation).toBeVisible();
  withoutSession.release();
  await waitForSignOutConfirmation(page);
  await page.unrouteAll();

  // A session's keys stored: the same prerendered markup must not say so before the sign-out.
  await page.evaluate(() => {
    localStorage.setItem('magicIdToken', 'magic-token');
    localStorage.setItem('magicUserId', 'uid-sam');
  });
  const withSession = await holdPageScripts(page);
  await page.goto('/logout', { waitUntil: 'commit' });
  await expect(confirmation).toHaveText('You have been logged out.');
  await expect(confirmation).toBeHidden();
  withSession.release();
  await waitForSignOutConfirmation(page);
  await expect(confirmation).toBeVisible();
  expect(
    await page.evaluate(() => [
      document.documentElement.hasAttribute('data-signing-out'),
      ...['idToken', 'magicIdToken', 'magicUserId'].map((key) => localStorage.getItem(key)),
    ]),
  ).toEqual([false, null, null, null]);
});

test('the public pages download no Firebase code', async ({ page }) => {
  const firebaseScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (
      /firebase/i.test(new URL(response.url()).pathname) ||
      body.includes('@firebase/') ||
      body.includes('__FIREBASE_DEFAULTS__')
    ) {
      firebaseScripts.push(response.url());
    }
  });
  const pages = [
    { path: '/credits', heading: 'Credits' },
    { path: '/error400', heading: 'Bad Request' },
    { path: '/error500', heading: 'Server Error' },
    { path: '/no/such/page', heading: 'Page Not Found' },
    { path: '/coming-soon', heading: 'Coming Soon!' },
    // A visitor who never signed in: nothing to sign out of, so no Firebase either.
    { path: '/logout', heading: 'You have been logged out.' },
  ];
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
  }
  expect(firebaseScripts).toEqual([]);
});

test("/coming-soon is the 'Coming Soon!' placeholder, with the ways home", async ({ page }) => {
  await page.goto('/coming-soon');
  await expect(page).toHaveTitle(/^Coming Soon/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming Soon!');
  await expect(page.getByRole('main')).toContainText('Please check back soon.');
  const mainWebsite = page.getByRole('link', {
    name: 'Visit our main website (opens in a new tab)',
  });
  await expect(mainWebsite).toHaveAttribute('href', /^https:\/\//);
  await expect(mainWebsite).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

test('the external social-proof script loads, async, on the landing page and in the app', async ({
  page,
}) => {
  const cspViolations = recordScriptCspViolations(page);
  const requests = await stubExternalScripts(page);
  const socialProofScript = page.locator(`script[src="${socialProofScriptUrl}"]`);

  await page.goto('/');
  await expect.poll(() => requests.socialProof.length).toBe(1);
  await expect(socialProofScript).toHaveJSProperty('async', true);
  await expect.poll(() => page.evaluate(() => 'socialProofLoaded' in window)).toBe(true);

  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credits');
  await expect.poll(() => requests.socialProof.length).toBe(2);
  await expect(socialProofScript).toHaveCount(1);
  // Only on the tutoring routes: the chat.
  expect(requests.chat).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test.describe('signed in as a tutor', () => {
  // Maya signed in once through the emulator's Google popup (tutor-sign-in.spec.ts tests that).
  test.use({ signedInAs: maya });

  test('the support chat is on the tutoring routes only: added there, removed on leaving', async ({
    page,
  }) => {
    const cspViolations = recordScriptCspViolations(page);
    const requests = await stubExternalScripts(page);
    const chatScript = page.locator(`script[src="${supportChatScriptUrl}"]`);
    const chatBubble = page.locator(`#${supportChatWidgetId}`);

    await page.goto('/tutoring');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
    await expect(chatScript).toHaveCount(1);
    await expect(chatBubble).toBeVisible();

    // A page outside the area (a page load): no chat.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    const requestsBefore = requests.chat.length;
    await expect(chatScript).toHaveCount(0);
    await expect(chatBubble).toHaveCount(0);

    // Into the tutoring area inside the app, then back out: added, then removed with its bubble.
    await page.getByRole('link', { name: 'Tutoring Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
    await expect(chatScript).toHaveCount(1);
    await expect(chatBubble).toBeVisible();
    expect(requests.chat.length).toBeGreaterThan(requestsBefore);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(chatScript).toHaveCount(0);
    await expect(chatBubble).toHaveCount(0);
    expect(cspViolations).toEqual([]);
  });
});
