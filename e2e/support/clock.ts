import { expect, type Page, type Request } from '@playwright/test';

/**
 * Lets `ms` of the page's time pass at once, on Playwright's clock (`page.clock.install()` before
 * the page loaded; it keeps running in step with real time otherwise). The page's timers and
 * intervals fire as they would over that time, one second after the other, and whatever they
 * requested is answered before the next second passes, as it would be in real time: a 5 s poll
 * has had its previous answer before it is due again.
 */
export async function letTimePass(page: Page, ms: number): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => inFlight.add(request);
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    for (let passed = 0; passed < ms; passed += 1_000) {
      await page.clock.runFor(Math.min(1_000, ms - passed));
      // A request a timer started reaches Playwright a moment later.
      await page.waitForTimeout(100);
      await expect.poll(() => inFlight.size, { message: 'requests the timers started' }).toBe(0);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
