import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/** Runs axe with every default rule plus WCAG 2.2 target size, and expects no violation. */
export async function expectNoAxeViolations(page: Page, message?: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, message).toEqual([]);
}

/**
 * Runs axe on the page as it is at each width in turn (1280, then 390 px), in one visit: the page
 * is laid out again at each width (media and container queries), without loading it again. Leaves
 * the page at the last width.
 */
export async function expectNoAxeViolationsAtEveryWidth(page: Page): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoAxeViolations(page, `axe at ${viewport.width} px`);
  }
}
