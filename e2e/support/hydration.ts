import type { Locator } from '@playwright/test';

/**
 * Waits until React has taken over a prerendered element (/auth is served as HTML and hydrated).
 * A test that presses a prerendered form's button before that submits the bare HTML form instead
 * (a GET of the same page), which a script-driven click can do within milliseconds of the load.
 * React marks each DOM node it has hydrated with its own properties; nothing on screen changes.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const hydrated = () => Object.keys(node).some((key) => key.startsWith('__reactProps$'));
        const check = () => (hydrated() ? resolve() : requestAnimationFrame(check));
        check();
      }),
  );
}
