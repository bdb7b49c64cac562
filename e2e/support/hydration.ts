import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until React has taken over a prerendered element (/auth is served as HTML and hydrated).
 * A test that presses a prerendered form's button before that submits the bare HTML form instead
 * (a GET of the same page), which a script-driven click can do within milliseconds of the load.
 * React marks each DOM node it has hydrated with its own properties; nothing on screen changes.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  // The check is one anonymous arrow, with no named function inside: the benchmarks run this file
  // through tsx, whose esbuild wraps named functions in a `__name` helper that the page lacks.
  const node = await element.elementHandle();
  await element
    .page()
    .waitForFunction(
      (target) => Object.keys(target ?? {}).some((key) => key.startsWith('__reactProps$')),
      node,
      { polling: 'raf' },
    );
}

/**
 * Waits for /logout's own confirmation: the heading as the app renders it once the sign-out has
 * finished. The prerendered page shows the same heading before any script has run (the state of
 * a visit without a session); with a session stored, the app replaces it, signs out, then shows
 * it again, so the heading alone does not say that the session's keys are gone yet.
 */
export async function waitForSignOutConfirmation(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('You have been logged out.');
  await expect
    .poll(() =>
      heading.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true);
  await expect(heading).toHaveText('You have been logged out.');
}
