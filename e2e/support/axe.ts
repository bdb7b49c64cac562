import { createRequire } from 'node:module';
import type AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Frame, type Page } from '@playwright/test';

export const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
/** What axe.runPartial reports for one frame (null: a frame that could not be tested). */
type PartialResult = unknown;
type AxeWindow = Window & { axe: AxeApi };
interface AxeApi {
  runPartial(context: unknown, options: unknown): Promise<PartialResult>;
  finishRun(partials: PartialResult[], options: unknown): Promise<AxeResults>;
  utils: {
    getFrameContexts(context: unknown): { frameSelector: unknown; frameContext: unknown }[];
    shadowSelect(selector: unknown): Element | null;
  };
}

/** Every default rule plus WCAG 2.2 target size. */
export const axeOptions = { rules: { 'target-size': { enabled: true } } };

// The axe-core that @axe-core/playwright injects: the same copy, so the same rules.
const axeSource: string = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
)('axe-core').source;
// As @axe-core/playwright configures axe once it is in a frame.
const configureAxe = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/** Puts axe into the frame's document, unless an earlier check of this document already did. */
async function injectAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(
    () => typeof (window as unknown as Partial<AxeWindow>).axe?.runPartial === 'function',
  );
  if (present) return;
  await frame.evaluate(axeSource);
  await frame.evaluate(configureAxe);
}

/**
 * axe.runPartial in the frame and, depth first, in every frame inside it, as @axe-core/playwright's
 * AxeBuilder.analyze() does: a frame that cannot be tested reports null (and so does everything
 * inside it); a failure in the top frame fails the check.
 */
async function runPartials(
  frame: Frame,
  context: unknown,
  isTop: boolean,
): Promise<PartialResult[]> {
  const frameContexts = await frame.evaluate(
    (frameContext) => (window as unknown as AxeWindow).axe.utils.getFrameContexts(frameContext),
    context,
  );
  const own = frame.evaluate(
    ({ frameContext, options }) =>
      (window as unknown as AxeWindow).axe.runPartial(frameContext, options),
    { frameContext: context, options: axeOptions },
  );
  own.catch(() => undefined);
  const inside: PartialResult[][] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    try {
      const element = await frame.evaluateHandle(
        (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
        frameSelector,
      );
      const child = await element.asElement()?.contentFrame();
      if (!child) {
        inside.push([null]);
        continue;
      }
      await injectAxe(child);
      inside.push(await runPartials(child, frameContext, false));
    } catch {
      inside.push([null]);
    }
  }
  try {
    return [await own, ...inside.flat()];
  } catch (error) {
    if (isTop) throw error;
    return [null];
  }
}

/**
 * A blank page, outside the tested page's context, where axe.finishRun puts the frames' partial
 * results together (AxeBuilder opens one in the tested context for every check; one per worker's
 * browser does the same job).
 */
const finishingPages = new WeakMap<Browser, Promise<Page>>();
function finishingPage(browser: Browser): Promise<Page> {
  let finishing = finishingPages.get(browser);
  if (!finishing) {
    finishing = (async () => {
      const context = await browser.newContext();
      const blank = await context.newPage();
      await blank.evaluate(axeSource);
      await blank.evaluate(configureAxe);
      return blank;
    })();
    finishingPages.set(browser, finishing);
    finishing.catch(() => finishingPages.delete(browser));
  }
  return finishing;
}

/**
 * axe over the page and its frames, as AxeBuilder.analyze() runs it (runPartial in every frame,
 * finishRun in a blank page), minus its fixed costs: axe is put into a document once, however often
 * it is checked (at two widths, with a dialog open...), and one blank page per browser finishes
 * every run instead of a new page per check. accessibility.spec.ts checks that both report the
 * same.
 */
export async function analyzeWithAxe(page: Page): Promise<AxeResults> {
  await injectAxe(page.mainFrame());
  const partials = await runPartials(page.mainFrame(), { exclude: [], include: [] }, true);
  const browser = page.context().browser();
  if (!browser) throw new Error('axe needs the browser of the page to finish its run');
  const finishing = await finishingPage(browser);
  return finishing.evaluate(
    ({ partialsJson, options }) =>
      (window as unknown as AxeWindow).axe.finishRun(JSON.parse(partialsJson), options),
    { partialsJson: JSON.stringify(partials), options: axeOptions },
  );
}

/** Runs axe with every default rule plus WCAG 2.2 target size, and expects no violation. */
export async function expectNoAxeViolations(page: Page, message?: string): Promise<void> {
  const results = await analyzeWithAxe(page);
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
