import { readFileSync } from 'node:fs';
import { test as base } from '@playwright/test';

// Offline stand-in for Google's api.js, which the emulator's sign-in popup loads (see
// /work/shared/testing/README.md).
const gapiShim = readFileSync(new URL('./gapi-offline-shim.js', import.meta.url), 'utf8');

/**
 * Every test runs offline: requests to any other host than this machine are aborted, except
 * Google's api.js, answered with the shim. Playwright tries routes in reverse order of
 * registration, so the catch-all comes first and the exception last.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
      route.abort('blockedbyclient'),
    );
    await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: gapiShim }),
    );
    await use(context);
  },
});

export { expect } from '@playwright/test';
