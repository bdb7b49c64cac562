import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext, TestRunnerConfig } from '@storybook/test-runner';
import { type MatchImageSnapshotOptions, toMatchImageSnapshot } from 'jest-image-snapshot';
import {
  defaultLayoutGuardSettings,
  formatFindings,
  type LayoutReport,
  layoutGuardScript,
  textSpacingCss,
} from './layout-guard.ts';
import { testViewports } from './viewports.ts';

type Page = Parameters<NonNullable<TestRunnerConfig['preVisit']>>[0];

/** Jest's global `expect`, as far as these hooks use it (no @types/jest in this workspace). */
interface JestExpect {
  (actual: unknown): { toMatchImageSnapshot(options: MatchImageSnapshotOptions): void };
  extend(matchers: Record<string, unknown>): void;
}
const jestExpect = (): JestExpect => (globalThis as unknown as { expect: JestExpect }).expect;

/**
 * Story hooks of the test runner (scripts/test-storybook.mjs runs it once over every story).
 *
 * Each story is tested at each of its widths within one visit: the runner renders it at the first
 * width (play function, then the addon-a11y axe check, parameters.a11y.test = 'error'); postVisit
 * runs the layout guard (.storybook/layout-guard.ts) and compares a screenshot with the committed
 * baseline in .storybook/__screenshots__ (`<story-id>--w<width>.png`), then for every further
 * width resizes the page and remounts the story (play and axe again), guard, screenshot.
 *
 * - Component stories: 1280 and 390 px.
 * - Screen stories (title `Screens/...` or tag `screen`): 1280, 768 and 390 px; then, guard only,
 *   WCAG 1.4.12 text spacing at 390 px (phones are the main users, and the narrowest tested width
 *   is where extra spacing overflows first) and WCAG 1.4.10 reflow at 320 px.
 *
 * The layout guard fails a story when the document scrolls sideways, when a visible text of 24+
 * characters runs at fewer than 7 characters a line, or when an overflow hidden/clip box cuts text
 * off without an ellipsis. It runs on every story at every width.
 *
 * Per-story options, `parameters.testRunner`:
 * - `widths: number[]`: test at these widths instead of the default ones, one baseline each.
 * - `reducedMotion: true`: emulate prefers-reduced-motion: reduce.
 * - `screenshot: false`: no visual baseline (only for content that cannot be made stable).
 * - `layoutGuard: { skip: 'reason' }`: no layout guard for this story; or
 *   `layoutGuard: { ignore: 'css selector', reason: '...' }`: the guard leaves out the matching
 *   elements and their contents. Both need a written reason, shown in the test output.
 *
 * STORYBOOK_TEST_WIDTHS=390,768 (comma-separated) tests only those of each story's widths, for a
 * quicker look (a story with none of them keeps its own); the 320 px and text-spacing checks run
 * when 390 is among them.
 */
interface StoryTestOptions {
  widths?: number[];
  reducedMotion?: boolean;
  screenshot?: boolean;
  layoutGuard?: { skip?: string; ignore?: string; reason?: string };
}

const componentWidths = [testViewports.desktop.width, testViewports.mobile.width];
const screenWidths = [
  testViewports.desktop.width,
  testViewports.tablet.width,
  testViewports.mobile.width,
];
/** WCAG 1.4.10: content reflows at 320 CSS px without scrolling in two dimensions. */
const reflowWidth = 320;
/** WCAG 1.4.12 text spacing is applied at the phone width (screens only). */
const textSpacingWidth = testViewports.mobile.width;

const onlyWidths = (process.env.STORYBOOK_TEST_WIDTHS ?? '')
  .split(',')
  .map(Number)
  .filter((width) => width > 0);

const screenshotsDir = join(process.cwd(), '.storybook', '__screenshots__');

interface VisitPlan {
  widths: number[];
  screenshot: boolean;
  reducedMotion: boolean;
  /** Screen stories also get the 320 px reflow and the text-spacing checks. */
  screen: boolean;
  guard: { skip: string | null; ignore: string | null; error: string | null };
}

const plans = new Map<string, VisitPlan>();

interface StoryInfo {
  options: StoryTestOptions;
  title: string;
  tags: string[];
}

async function readStoryInfo(page: Page, storyId: string): Promise<StoryInfo> {
  // Only plain data crosses the page boundary (handlers, components and other parameters do not
  // serialise).
  return page.evaluate(async (id) => {
    // The layout guard's functions are sent to the page as source: should a loader ever compile
    // this file with esbuild's keepNames (as tsx does), its __name(...) calls must resolve.
    const global = globalThis as unknown as { __name?: (target: unknown) => unknown };
    global.__name ??= (target) => target;
    const getContext = (globalThis as unknown as Record<string, unknown>).__getContext as (
      id: string,
    ) => Promise<{ title: string; tags?: string[]; parameters?: { testRunner?: unknown } }>;
    const story = await getContext(id);
    return {
      options: JSON.parse(JSON.stringify(story.parameters?.testRunner ?? {})) as StoryTestOptions,
      title: story.title,
      tags: story.tags ?? [],
    };
  }, storyId);
}

function planFor({ options, title, tags }: StoryInfo): VisitPlan {
  const screen = title.startsWith('Screens/') || tags.includes('screen');
  const ownWidths = options.widths?.length ? options.widths : null;
  const allWidths = ownWidths ?? (screen ? screenWidths : componentWidths);
  const chosen = allWidths.filter((width) => onlyWidths.includes(width));
  // A story with none of the chosen widths keeps its own (e.g. the 767 px breakpoint stories).
  const widths = chosen.length > 0 ? chosen : allWidths;
  const guardOption = options.layoutGuard ?? {};
  const reason = (guardOption.skip ?? guardOption.reason ?? '').trim();
  const wantsException = guardOption.skip !== undefined || guardOption.ignore !== undefined;
  return {
    widths,
    screenshot: options.screenshot !== false,
    reducedMotion: options.reducedMotion === true,
    screen: screen && widths.includes(textSpacingWidth),
    guard: {
      skip: guardOption.skip !== undefined ? reason : null,
      ignore: guardOption.ignore ?? null,
      error:
        wantsException && reason.length < 10
          ? 'parameters.testRunner.layoutGuard needs a written reason: `{ skip: "why" }` or `{ ignore: "selector", reason: "why" }`'
          : null,
    },
  };
}

const viewportFor = (width: number) => ({
  width,
  height:
    width >= testViewports.desktop.width
      ? testViewports.desktop.height
      : testViewports.mobile.height,
});

/**
 * The area to capture: the full page width (so horizontal overflow shows) and down to the bottom
 * of the story and of anything it portals into <body> (dialogs, popovers), 16 px below the lowest
 * box for shadows and focus rings. Blank page below the story is left out. Unless the layout guard
 * has just done so, it first waits for web fonts, images and two animation frames.
 */
async function measureScreenshotArea(
  page: Page,
  settle: boolean,
): Promise<{ width: number; height: number }> {
  return page.evaluate(async (settlePage) => {
    if (settlePage) {
      await document.fonts.ready;
      await Promise.all(
        Array.from(document.images).map((image) =>
          image.complete ? null : image.decode().catch(() => null),
        ),
      );
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    const storybookChrome =
      'script, style, link, #storybook-docs, #storybook-highlights-root, [class^="sb-"]';
    const rendered = Array.from(document.body.children).filter(
      (element) => element.id === 'storybook-root' || !element.matches(storybookChrome),
    );
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
  }, settle);
}

/**
 * Renders the current story again from scratch (Storybook's FORCE_REMOUNT: loaders, beforeEach,
 * play function, then addon-a11y's axe check) and resolves with what failed, as the runner's own
 * first render would report it: an exception, a failing play function, or axe violations.
 */
async function remountStory(page: Page, storyId: string): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve) => {
        const global = globalThis as unknown as {
          __STORYBOOK_ADDONS_CHANNEL__: {
            on(event: string, listener: (data: unknown) => void): void;
            off(event: string, listener: (data: unknown) => void): void;
            emit(event: string, data: unknown): void;
          };
          __STORYBOOK_PREVIEW__: {
            currentRender?: {
              story?: {
                parameters?: { a11y?: { test?: string; disable?: boolean } };
                globals?: { a11y?: { manual?: boolean } };
              };
            };
          };
        };
        const channel = global.__STORYBOOK_ADDONS_CHANNEL__;
        const listeners: Record<string, (data: unknown) => void> = {};
        const finish = (result: string | null) => {
          clearTimeout(timer);
          for (const [event, listener] of Object.entries(listeners)) channel.off(event, listener);
          resolve(result);
        };
        const timer = setTimeout(
          () => finish('the story did not finish rendering in 45 s'),
          45_000,
        );
        const message = (data: unknown) => {
          const error = Array.isArray(data) ? data[0] : data;
          if (error && typeof error === 'object') {
            const { message: text, description } = error as {
              message?: string;
              description?: string;
            };
            return text ?? description ?? JSON.stringify(error);
          }
          return String(error);
        };
        listeners.storyErrored = (data) => finish(`the story errored: ${message(data)}`);
        listeners.storyThrewException = (data) => finish(`the story threw: ${message(data)}`);
        listeners.playFunctionThrewException = (data) =>
          finish(`the play function failed: ${message(data)}`);
        listeners.unhandledErrorsWhilePlaying = (data) =>
          finish(`unhandled error while playing: ${message(data)}`);
        listeners.storyFinished = (data) => {
          const { reporters = [] } = (data ?? {}) as {
            reporters?: {
              type: string;
              result?: {
                violations?: {
                  id: string;
                  impact?: string;
                  help: string;
                  nodes: { target: unknown[] }[];
                }[];
                toolOptions?: { impactLevels?: string[] };
              };
            }[];
          };
          const story = global.__STORYBOOK_PREVIEW__.currentRender?.story;
          const a11y = story?.parameters?.a11y;
          const report = reporters.find((reporter) => reporter.type === 'a11y');
          const levels = report?.result?.toolOptions?.impactLevels ?? [];
          const violations = (report?.result?.violations ?? []).filter(
            (violation) => levels.length === 0 || levels.includes(violation.impact ?? ''),
          );
          if (
            a11y?.test === 'error' &&
            a11y.disable !== true &&
            story?.globals?.a11y?.manual !== true &&
            violations.length > 0
          ) {
            finish(
              `axe found ${violations.length} violation(s):\n${violations
                .map(
                  (violation) =>
                    `    ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
                      .map((node) => node.target.join(' '))
                      .join(', ')}`,
                )
                .join('\n')}`,
            );
            return;
          }
          finish(null);
        };
        for (const [event, listener] of Object.entries(listeners)) channel.on(event, listener);
        channel.emit('forceRemount', { storyId: id });
      }),
    storyId,
  );
}

function log(variable: string, line: string): void {
  const file = process.env[variable];
  if (file) appendFileSync(file, `${line}\n`);
}

async function guardLayout(
  page: Page,
  context: TestContext,
  plan: VisitPlan,
  situation: string,
  textSpacing = false,
): Promise<LayoutReport | null> {
  if (plan.guard.skip !== null) return null;
  // The guard's functions go to the page as one script (see layoutGuardScript).
  const report = await page.evaluate<LayoutReport>(
    layoutGuardScript({
      settings: { ...defaultLayoutGuardSettings, ignoreSelector: plan.guard.ignore, textSpacing },
      css: textSpacingCss,
    }),
  );
  log(
    'STORYBOOK_LAYOUT_GUARD_LOG',
    `${context.id}\t${situation}\t${report.elapsedMs.toFixed(1)}\t${report.textNodes}\t${report.findings.length}`,
  );
  return report;
}

async function compareScreenshot(page: Page, identifier: string, settle: boolean): Promise<void> {
  const area = await measureScreenshotArea(page, settle);
  const image = await page.screenshot({
    fullPage: true,
    clip: { x: 0, y: 0, ...area },
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
  log('STORYBOOK_SNAPSHOT_LOG', identifier);
  // Chromium encodes the same pixels to the same PNG bytes, and a baseline is the PNG chromium
  // wrote: equal bytes are a match without decoding anything (most screenshots of a run).
  const baseline = join(screenshotsDir, `${identifier}.png`);
  if (existsSync(baseline) && image.equals(readFileSync(baseline))) return;
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
    // In a child process: inside Jest's module sandbox, decoding and diffing a 1280 px page took
    // 2-5 s a screenshot; in plain node, 0.3 s plus the child's start.
    runInProcess: false,
  });
}

const failureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).trim();

const config: TestRunnerConfig = {
  setup() {
    jestExpect().extend({ toMatchImageSnapshot });
  },

  async preVisit(page: Page, context: TestContext) {
    const plan = planFor(await readStoryInfo(page, context.id));
    plans.set(context.id, plan);
    await page.setViewportSize(viewportFor(plan.widths[0] ?? testViewports.desktop.width));
    await page.emulateMedia({ reducedMotion: plan.reducedMotion ? 'reduce' : 'no-preference' });
  },

  async postVisit(page: Page, context: TestContext) {
    const plan = plans.get(context.id);
    plans.delete(context.id);
    if (!plan || context.hasFailure) return;
    if (plan.guard.error) throw new Error(plan.guard.error);

    const failures: string[] = [];
    const check = (report: LayoutReport | null, situation: string) => {
      if (report && report.findings.length > 0) failures.push(formatFindings(report, situation));
    };
    for (const [index, width] of plan.widths.entries()) {
      if (index > 0) {
        await page.setViewportSize(viewportFor(width));
        const failure = await remountStory(page, context.id);
        if (failure) {
          failures.push(`At ${width} px, ${failure}`);
          continue;
        }
      }
      check(await guardLayout(page, context, plan, `${width} px`), `at ${width} px`);
      if (plan.screenshot) {
        try {
          await compareScreenshot(page, `${context.id}--w${width}`, plan.guard.skip !== null);
        } catch (error) {
          failures.push(`At ${width} px, the screenshot: ${failureText(error)}`);
        }
      }
    }

    if (plan.screen && plan.guard.skip === null) {
      // The page is at the last width; the text-spacing check needs the phone width.
      if (plan.widths.at(-1) !== textSpacingWidth) {
        await page.setViewportSize(viewportFor(textSpacingWidth));
      }
      check(
        await guardLayout(page, context, plan, `${textSpacingWidth} px text spacing`, true),
        `at ${textSpacingWidth} px with WCAG 1.4.12 text spacing (line height 1.5, letter 0.12em, word 0.16em, paragraph 2em)`,
      );
      await page.setViewportSize(viewportFor(reflowWidth));
      check(
        await guardLayout(page, context, plan, `${reflowWidth} px reflow`),
        `at ${reflowWidth} px (WCAG 1.4.10 reflow)`,
      );
    }

    if (plan.guard.skip !== null) {
      console.log(`${context.id}: layout guard skipped: ${plan.guard.skip}`);
    }
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
  },
};

export default config;
