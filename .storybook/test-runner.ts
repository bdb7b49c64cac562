import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext, TestRunnerConfig } from '@storybook/test-runner';
import { type MatchImageSnapshotOptions, toMatchImageSnapshot } from 'jest-image-snapshot';
import { type TestViewportName, testViewports } from './viewports.ts';

type Page = Parameters<NonNullable<TestRunnerConfig['preVisit']>>[0];

/** Jest's global `expect`, as far as these hooks use it (no @types/jest in this workspace). */
interface JestExpect {
  (actual: unknown): { toMatchImageSnapshot(options: MatchImageSnapshotOptions): void };
  extend(matchers: Record<string, unknown>): void;
}
const jestExpect = (): JestExpect => (globalThis as unknown as { expect: JestExpect }).expect;

/**
 * Story hooks of the test runner. scripts/test-storybook.mjs runs the whole suite once per
 * viewport (STORYBOOK_TEST_VIEWPORT = desktop | mobile), so each story's play function and the
 * addon-a11y axe check (parameters.a11y.test = 'error') run at both widths; postVisit compares a
 * screenshot with the committed baseline in .storybook/__screenshots__.
 *
 * Per-story options, `parameters.testRunner`:
 * - `widths: number[]`: test at these widths instead of 1280 and 390 (pass 1 uses widths[0],
 *   pass 2 widths[1] or again widths[0]); one baseline per listed width.
 * - `reducedMotion: true`: emulate prefers-reduced-motion: reduce.
 * - `screenshot: false`: no visual baseline (only for content that cannot be made stable).
 */
interface StoryTestOptions {
  widths?: number[];
  reducedMotion?: boolean;
  screenshot?: boolean;
}

const passOrder: TestViewportName[] = ['desktop', 'mobile'];
const passName = (process.env.STORYBOOK_TEST_VIEWPORT ?? 'desktop') as TestViewportName;
const passIndex = Math.max(0, passOrder.indexOf(passName));
const passViewport = testViewports[passName] ?? testViewports.desktop;

const screenshotsDir = join(process.cwd(), '.storybook', '__screenshots__');

interface VisitPlan {
  width: number;
  height: number;
  screenshot: boolean;
  reducedMotion: boolean;
}

const plans = new Map<string, VisitPlan>();

async function readStoryOptions(page: Page, storyId: string): Promise<StoryTestOptions> {
  // Only the plain `testRunner` parameter crosses the page boundary (handlers, components and
  // other parameters do not serialise).
  return page.evaluate(async (id) => {
    const getContext = (globalThis as unknown as Record<string, unknown>).__getContext as (
      id: string,
    ) => Promise<{ parameters?: { testRunner?: StoryTestOptions } }>;
    const story = await getContext(id);
    return JSON.parse(JSON.stringify(story.parameters?.testRunner ?? {})) as StoryTestOptions;
  }, storyId);
}

function planFor(options: StoryTestOptions): VisitPlan {
  const widths = options.widths?.length ? options.widths : null;
  const width = widths
    ? (widths[Math.min(passIndex, widths.length - 1)] ?? passViewport.width)
    : passViewport.width;
  const isRepeatVisit = widths !== null && passIndex >= widths.length;
  return {
    width,
    height: width < testViewports.desktop.width ? testViewports.mobile.height : passViewport.height,
    screenshot: options.screenshot !== false && !isRepeatVisit,
    reducedMotion: options.reducedMotion === true,
  };
}

/**
 * Waits for web fonts, images and two animation frames so the screenshot shows a settled page,
 * then returns the area to capture: the full page width (so horizontal overflow shows) and down
 * to the bottom of the story and of anything it portals into <body> (dialogs, popovers). Blank
 * page below the story is left out: smaller images, faster comparisons.
 */
async function settleAndMeasure(page: Page): Promise<{ width: number; height: number }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((image) =>
        image.complete ? null : image.decode().catch(() => null),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const storybookChrome =
      'script, style, link, #storybook-docs, #storybook-highlights-root, [class^="sb-"]';
    const rendered = Array.from(document.body.children).filter(
      (element) => element.id === 'storybook-root' || !element.matches(storybookChrome),
    );
    // 16 px below the lowest box keeps shadows and focus rings in the picture.
    const bottom =
      16 +
      Math.max(
        0,
        ...rendered.map((element) => element.getBoundingClientRect().bottom + window.scrollY),
      );
    return {
      width: document.documentElement.scrollWidth,
      height: Math.min(Math.ceil(bottom), document.documentElement.scrollHeight),
    };
  });
}

function recordBaseline(identifier: string): void {
  const log = process.env.STORYBOOK_SNAPSHOT_LOG;
  if (log) appendFileSync(log, `${identifier}\n`);
}

const config: TestRunnerConfig = {
  setup() {
    jestExpect().extend({ toMatchImageSnapshot });
  },

  async preVisit(page: Page, context: TestContext) {
    const plan = planFor(await readStoryOptions(page, context.id));
    plans.set(context.id, plan);
    await page.setViewportSize({ width: plan.width, height: plan.height });
    await page.emulateMedia({ reducedMotion: plan.reducedMotion ? 'reduce' : 'no-preference' });
  },

  async postVisit(page: Page, context: TestContext) {
    const plan = plans.get(context.id);
    plans.delete(context.id);
    if (!plan?.screenshot || context.hasFailure) return;
    const area = await settleAndMeasure(page);
    const image = await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: 0, ...area },
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
    const identifier = `${context.id}--w${plan.width}`;
    recordBaseline(identifier);
    jestExpect()(image).toMatchImageSnapshot({
      customSnapshotsDir: screenshotsDir,
      customSnapshotIdentifier: identifier,
      // Rendering is deterministic here (software raster, pinned fonts, sRGB): anti-aliased
      // pixels are ignored, a small per-pixel tolerance absorbs +-2 levels of rasteriser noise
      // in blurs and shadows, and more than 20 changed pixels (one short word, a recoloured
      // border, a shifted icon) fails.
      customDiffConfig: { threshold: 0.02, includeAA: false },
      failureThreshold: 20,
      failureThresholdType: 'pixel',
      runInProcess: true,
    });
  },
};

export default config;
