// Installable (issue 39.3, and the service worker of 39.2): the web app manifest, the service
// worker registered by the app after its load (never by a public page's first visit), serving the
// app's shell once installed while public pages keep their own HTML and /api/* its data, with
// Chromium's own installability check and the CSP as strict as before.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { maya } from '../support/googleSignIn';

// The rest of the suite blocks service workers (playwright.config.ts); this spec is about one.
test.use({ serviceWorkers: 'allow' });

/**
 * The CSP violations the context's pages report (console and the DOM event), of every directive:
 * scripts and workers, the manifest, connections, images, and styles (react-aria's own <style>
 * elements are allowed by hash: security-headers.ts).
 */
async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  const record = (text: string) => {
    violations.push(text);
  };
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) record(message.text());
  });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => record(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective}: ${event.blockedURI} on ${event.documentURI}`);
    });
  });
  return violations;
}

const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

test("a public page's first visit registers no service worker", async ({ page, context }) => {
  const violations = await recordCspViolations(context);
  const workerRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/sw.js') workerRequests.push(request.url());
  });

  await page.goto('/', { waitUntil: 'load' });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  // The load event, and then a moment in which an idle callback would have run.
  await page.waitForTimeout(2000);
  expect(await registrations(page)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(workerRequests).toEqual([]);
  expect(violations).toEqual([]);
});

test.describe('signed in, in the tutoring area', () => {
  test.use({ signedInAs: maya });

  test('the service worker registers after the load, controls the app, and Chromium finds it installable', async ({
    page,
    context,
    baseURL,
  }) => {
    const violations = await recordCspViolations(context);
    const apiFromWorker: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
        apiFromWorker.push(response.url());
      }
    });
    const welcome = page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' });

    const firstVisit = await page.goto('/tutoring');
    expect(firstVisit?.fromServiceWorker()).toBe(false);
    await expect(welcome).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      start_url: '/tutoring',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f4fa8',
    });

    // Registered once the page has loaded and the browser is idle, then installed and activated
    // (its precache filled) in the background.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state;
        }),
      )
      .toBe('activated');
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });

    // After a reload the worker controls the page, and answers the app's path with its shell.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(welcome).toBeVisible();
    // The tutoring area's own shell (issue 39): its preload links ask for the area's first screen
    // at once, as the server's copy does.
    const preloadsTutoringChunk = /<link rel="modulepreload" crossorigin href="\/assets\/tutoring-/;
    expect(await reloaded?.text()).toMatch(preloadsTutoringChunk);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseURL}/sw.js`,
    );

    // Chromium's own checks, which Lighthouse's installability audit runs: the manifest parses
    // without an error, and nothing keeps the app from being installed but Playwright's
    // incognito-like context (a browser profile of one's own has no 'in-incognito').
    const cdp = await context.newCDPSession(page);
    const { errors: manifestErrors, url: manifestUrl } = await cdp.send('Page.getAppManifest');
    expect(manifestUrl).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifestErrors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);

    // A prerendered public page keeps its own HTML from the server, under the worker too.
    const landing = await page.goto('/');
    expect(landing?.fromServiceWorker()).toBe(false);
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'index');

    // The data never comes from the worker: the data layer handles it.
    expect(apiFromWorker).toEqual([]);
    expect(violations).toEqual([]);
  });
});
