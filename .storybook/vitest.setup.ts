import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import type { StoryContext } from '@storybook/react-vite';
import { setProjectAnnotations } from '@storybook/react-vite';
import type { ComposedStoryFn } from 'storybook/internal/types';
import { afterEach, beforeAll, expect, inject, type TestContext } from 'vitest';
import { commands, page } from 'vitest/browser';
import {
  defaultLayoutGuardSettings,
  formatFindings,
  inspectLayout,
  type LayoutReport,
  textSpacingCss,
} from './layout-guard.ts';
import * as previewAnnotations from './preview.tsx';
import { maxScreenshotHeight, testViewports } from './viewports.ts';

/**
 * The story tests (`pnpm test-storybook`, .storybook/vitest.config.ts): @storybook/addon-vitest
 * turns every story into a Vitest test that renders it and runs its play function, then
 * addon-a11y's axe check (preview.tsx: parameters.a11y.test = 'error', target-size on). This file
 * adds the checks of every story at each of its widths, in the afterEach below: the layout guard
 * (.storybook/layout-guard.ts) and a screenshot compared with the committed baseline in
 * .storybook/__screenshots__ (`<story-id>--w<width>.png`, Vitest's toMatchScreenshot); for every
 * further width it resizes the page with the played story in it, then axe (at 390 px and any
 * width a story names; not at 768 px, where the quality bar asks for none), guard, screenshot.
 *
 * The play function runs once, at the story's first width: rendering and playing every story
 * again at each width took two fifths of the layer's time, and a resized page is what a person
 * who turns a tablet or narrows a window sees. A story whose play does something else at another
 * width (opens the navigation drawer behind the Menu button below 768 px, tabs to it) says so
 * with `playAtEachWidth: true`.
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
 * Per-story options, `parameters.testRunner` (the name the stories have used since the test
 * runner):
 * - `widths: number[]`: test at these widths instead of the default ones, one baseline each.
 * - `playAtEachWidth: true`: render and play the story again at each further width (a play that
 *   does something else on a phone).
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
  playAtEachWidth?: boolean;
  reducedMotion?: boolean;
  screenshot?: boolean;
  layoutGuard?: { skip?: string; ignore?: string; reason?: string };
}

interface StoryPlan {
  storyId: string;
  widths: number[];
  /** Render and play again at each further width, instead of resizing the played story. */
  playAtEachWidth: boolean;
  screenshot: boolean;
  reducedMotion: boolean;
  /** Storybook's `layout` parameter: the body's padding around the story. */
  layout: string;
  /** Screen stories also get the 320 px reflow and the text-spacing checks. */
  screen: boolean;
  guard: { skip: string | null; ignore: string | null; error: string | null };
}

declare module 'vitest' {
  export interface ProvidedContext {
    storybookTestWidths: string;
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    emulateReducedMotion(reduce: boolean): Promise<void>;
  }
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

const onlyWidths = inject('storybookTestWidths')
  .split(',')
  .map(Number)
  .filter((width) => width > 0);

const viewportHeight = (width: number) =>
  width >= testViewports.desktop.width ? testViewports.desktop.height : testViewports.mobile.height;

function planFor(context: StoryContext): StoryPlan {
  const options = (context.parameters.testRunner ?? {}) as StoryTestOptions;
  const screen = context.title.startsWith('Screens/') || context.tags.includes('screen');
  const ownWidths = options.widths?.length ? options.widths : null;
  const allWidths = ownWidths ?? (screen ? screenWidths : componentWidths);
  const chosen = allWidths.filter((width) => onlyWidths.includes(width));
  // A story with none of the chosen widths keeps its own (e.g. the 767 px breakpoint stories).
  const widths = chosen.length > 0 ? chosen : allWidths;
  const guardOption = options.layoutGuard ?? {};
  const reason = (guardOption.skip ?? guardOption.reason ?? '').trim();
  const wantsException = guardOption.skip !== undefined || guardOption.ignore !== undefined;
  return {
    storyId: context.id,
    widths,
    playAtEachWidth: options.playAtEachWidth === true,
    screenshot: options.screenshot !== false,
    reducedMotion: options.reducedMotion === true,
    layout: String(context.parameters.layout ?? 'padded'),
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

/**
 * The reduced-motion emulation as last set: each change is a round trip to the browser (about
 * 40 ms here), and most renders need none.
 */
let reducedMotionEmulated = false;

/**
 * The iframe's size, set only when it differs (a round trip too). Read from the iframe itself, not
 * remembered: after a failed story Vitest leaves the page at a size of its own (1200 x 900), and a
 * remembered 1280 px had the next story pictured at 1200 px and failed too.
 */
async function setViewport(width: number, height: number): Promise<void> {
  if (window.innerWidth === width && window.innerHeight === height) return;
  await page.viewport(width, height);
}

async function setReducedMotion(reduce: boolean): Promise<void> {
  if (reducedMotionEmulated === reduce) return;
  await commands.emulateReducedMotion(reduce);
  reducedMotionEmulated = reduce;
}

/** The story under test and the width of the current pass; set before each render. */
let plan: StoryPlan | null = null;
let passWidth = 0;

/**
 * The padding Storybook's own iframe gives each `layout` (its .sb-main-padded / -fullscreen rules,
 * which the addon's bare test page lacks), as a rule on <body> chosen by an attribute, not an
 * inline style: axe's avoid-inline-spacing rule (selector `[style]`) then worked out the visible
 * text of the whole page for <body> on every run: a sixth of axe's time on the Messenger's screens
 * (11.9 s of the main thread in a profile of that story file, 10.0 s without). The theme's
 * global styles already set the body's margin to 0. Added once per page (files share it).
 */
const storyLayoutStyleId = 'story-test-layout';
if (!document.getElementById(storyLayoutStyleId)) {
  const style = document.createElement('style');
  style.id = storyLayoutStyleId;
  style.textContent = 'body[data-story-layout="padded"] { padding: 1rem; }';
  document.head.append(style);
}

/**
 * Before every render (Storybook's beforeEach, so before loaders' effects reach the canvas and
 * before the play function): the pass's viewport, the reduced-motion preference, and the story's
 * `layout` on <body>.
 */
async function prepareRender(context: StoryContext): Promise<void> {
  if (plan?.storyId !== context.id) {
    plan = planFor(context);
    passWidth = plan.widths[0] ?? testViewports.desktop.width;
  }
  await setViewport(passWidth, viewportHeight(passWidth));
  await setReducedMotion(plan.reducedMotion);
  document.body.dataset.storyLayout = plan.layout;
}

/**
 * The story's parameters for axe in these tests: only violations are collected and reported. A
 * story fails on any violation either way; the passes and incomplete results (thousands of nodes
 * on a screen, each with its selector and HTML) are for Storybook's accessibility panel, where the
 * parameters stay as they are.
 */
function violationsOnly(parameters: StoryContext['parameters']): StoryContext['parameters'] {
  const a11y = (parameters.a11y ?? {}) as { options?: Record<string, unknown> };
  return {
    ...parameters,
    a11y: { ...a11y, options: { ...a11y.options, resultTypes: ['violations'] } },
  };
}

const annotations = setProjectAnnotations([
  {
    ...a11yAnnotations,
    // Not the addon's vision simulator: it applies the colour filter chosen in Storybook's toolbar,
    // which these tests never choose, and it left `style="filter: none"` on <body> (see above).
    decorators: [],
    afterEach: (context: StoryContext) =>
      a11yAnnotations.afterEach({ ...context, parameters: violationsOnly(context.parameters) }),
  },
  previewAnnotations,
  { beforeEach: prepareRender },
]);
beforeAll(annotations.beforeAll);

async function guardLayout(
  currentPlan: StoryPlan,
  textSpacing = false,
): Promise<LayoutReport | null> {
  if (currentPlan.guard.skip !== null) return null;
  return inspectLayout({
    settings: {
      ...defaultLayoutGuardSettings,
      ignoreSelector: currentPlan.guard.ignore,
      textSpacing,
    },
    css: textSpacingCss,
  });
}

/**
 * The area a screenshot shows, as in the baselines: the full page width (so horizontal overflow
 * shows) and down to the bottom of the story and of anything it portals into <body> (dialogs,
 * popovers), 16 px below the lowest box for shadows and focus rings. Blank page below the story is
 * left out.
 */
function screenshotArea(): { width: number; height: number } {
  const rendered = Array.from(document.body.children).filter(
    (element) => !element.matches('script, style, link, template'),
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
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * After the iframe grew for a tall picture: react-aria places an open popover again on a resize (a
 * frame or more later, and the scrollbar that went away changes the width it clamps to; on a busy
 * machine later than two frames), so the picture waits until every overlay's box has stayed put for
 * 150 ms and two frames, two seconds at most. A page without an open overlay waits two frames.
 */
async function overlaysSettled(): Promise<void> {
  const boxes = () =>
    Array.from(
      document.querySelectorAll('[data-placement], [role="dialog"], [role="listbox"]'),
      (element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return `${x},${y},${width},${height}`;
      },
    ).join(';');
  let last = boxes();
  const quietMs = last === '' ? 0 : 150;
  let still = 0;
  let changedAt = performance.now();
  const started = changedAt;
  while (performance.now() - started < 2000) {
    await nextFrame();
    const now = boxes();
    if (now === last) still += 1;
    else {
      still = 0;
      changedAt = performance.now();
      last = now;
    }
    if (still >= 2 && performance.now() - changedAt >= quietMs) return;
  }
}

/**
 * Compares that area with the baseline: Vitest's toMatchScreenshot on the browser's page (the one
 * around the story's iframe, which holds the iframe at full scale: vitest.config.ts makes it larger
 * than any area), clipped to the area where the iframe shows it. For a story taller than the
 * viewport the iframe is made as tall as the area for the capture (content past the iframe's edge
 * is not painted); whatever comes next sets the size it needs.
 *
 * The page and a clip, not an element: an element's screenshot (a transparent box over the area,
 * as the story tests took it before) has Playwright find the element in the iframe, wait for it to
 * be stable and scroll it into view, each a round trip into the page. The page's capture took half
 * the time (three story files: 25.3 s of captures and comparisons became 13.4 s; the layer 278 s
 * became 246 s), and 965 of the 966 baselines matched as they were; the Messenger's enlarged photo
 * at 390 px differed by 29 pixels at the edge of the upscaled sun in the photo, the same in every
 * run, and was taken again.
 */
async function compareScreenshot(storyId: string, width: number): Promise<void> {
  const { width: areaWidth, height: areaHeight } = screenshotArea();
  const height = viewportHeight(width);
  if (areaHeight > maxScreenshotHeight) {
    throw new Error(
      `the story is ${areaHeight} px tall, over the ${maxScreenshotHeight} px a screenshot may be`,
    );
  }
  if (areaHeight > height) {
    await setViewport(width, areaHeight);
    // Once the taller page has laid out (its scrollbar gone), a second resize event has react-aria
    // place open overlays from that layout: after the iframe's own resize event alone, an account
    // menu came up in one of two places 4 px apart from run to run.
    await nextFrame();
    window.dispatchEvent(new Event('resize'));
    await overlaysSettled();
  }
  // The story from its top left, as the baselines show it (Playwright scrolled an element
  // screenshot's element into view; a page capture shows whatever is scrolled to).
  window.scrollTo(0, 0);
  const frameElement = window.frameElement as HTMLElement;
  const frame = frameElement.getBoundingClientRect();
  if (Math.abs(frame.width - frameElement.offsetWidth) > 0.5) {
    throw new Error(
      `the story's iframe is scaled (${frame.width} px shown for ${frameElement.offsetWidth} px): the browser's page must be larger than any screenshot (vitest.config.ts)`,
    );
  }
  // Path segments, so that Vitest keeps the `--` of the name (see resolveScreenshotPath).
  const name = [...storyId.split('--'), `w${width}`].join('/');
  await expect(page).toMatchScreenshot(name, {
    screenshotOptions: {
      animations: 'disabled',
      caret: 'hide',
      clip: { x: frame.left, y: frame.top, width: areaWidth, height: areaHeight },
    },
  });
}

const failureText = (error: unknown): string =>
  error instanceof Error
    ? [error.message.trim(), error.cause ? `(${failureText(error.cause)})` : ''].join(' ').trim()
    : String(error).trim();

type StoryTestContext = TestContext & { story?: ComposedStoryFn };

/** After a resize: the layout's own listeners (media queries, react-aria's) have run. */
async function settleAfterResize(): Promise<void> {
  await nextFrame();
  await nextFrame();
  await overlaysSettled();
}

/**
 * addon-a11y's axe check of the story as it stands, with the story's parameters (`a11y`), as the
 * addon runs it after a render: it throws on a violation.
 */
async function checkAccessibility(story: ComposedStoryFn): Promise<void> {
  await a11yAnnotations.afterEach({
    id: story.id,
    reporting: { addReport: () => undefined },
    parameters: violationsOnly(story.parameters),
    globals: { a11y: { manual: false } },
    viewMode: 'story',
  } as unknown as Parameters<typeof a11yAnnotations.afterEach>[0]);
}

/**
 * One width. The first: the test has just rendered the story and run its play function and axe.
 * Each further one: the page resized with the played story in it (or, for a story with
 * `playAtEachWidth`, rendered and played again), axe (not at 768 px), guard, screenshot.
 */
async function checkWidth(
  story: ComposedStoryFn,
  currentPlan: StoryPlan,
  width: number,
  first: boolean,
  failures: string[],
): Promise<void> {
  if (!first) {
    passWidth = width;
    if (currentPlan.playAtEachWidth) {
      try {
        await story.run();
      } catch (error) {
        failures.push(`At ${width} px, the story failed: ${failureText(error)}`);
        return;
      }
    } else {
      await setViewport(width, viewportHeight(width));
      await settleAfterResize();
      if (width !== testViewports.tablet.width) {
        try {
          await checkAccessibility(story);
        } catch (error) {
          failures.push(`At ${width} px, ${failureText(error)}`);
        }
      }
    }
  }
  const report = await guardLayout(currentPlan);
  if (report && report.findings.length > 0) {
    failures.push(formatFindings(report, `at ${width} px`));
  }
  if (!currentPlan.screenshot) return;
  try {
    await compareScreenshot(currentPlan.storyId, width);
  } catch (error) {
    failures.push(`At ${width} px, the screenshot: ${failureText(error)}`);
  }
}

/** Screens: WCAG 1.4.12 text spacing at 390 px and WCAG 1.4.10 reflow at 320 px, guard only. */
async function checkScreenExtras(currentPlan: StoryPlan, failures: string[]): Promise<void> {
  // The text-spacing check needs the phone's width and height (the page may be at another width,
  // or still as tall as its last picture).
  await setViewport(textSpacingWidth, viewportHeight(textSpacingWidth));
  const spaced = await guardLayout(currentPlan, true);
  if (spaced && spaced.findings.length > 0) {
    failures.push(
      formatFindings(
        spaced,
        `at ${textSpacingWidth} px with WCAG 1.4.12 text spacing (line height 1.5, letter 0.12em, word 0.16em, paragraph 2em)`,
      ),
    );
  }
  await setViewport(reflowWidth, viewportHeight(reflowWidth));
  const reflowed = await guardLayout(currentPlan);
  if (reflowed && reflowed.findings.length > 0) {
    failures.push(formatFindings(reflowed, `at ${reflowWidth} px (WCAG 1.4.10 reflow)`));
  }
}

afterEach(async (context: StoryTestContext) => {
  const currentPlan = plan;
  const story = context.story;
  try {
    // A story that failed its first render has reported that already.
    if (!story || !currentPlan || context.task.result?.state === 'fail') return;
    if (currentPlan.guard.error) throw new Error(currentPlan.guard.error);
    const failures: string[] = [];
    for (const [index, width] of currentPlan.widths.entries()) {
      await checkWidth(story, currentPlan, width, index === 0, failures);
    }
    if (currentPlan.screen && currentPlan.guard.skip === null) {
      await checkScreenExtras(currentPlan, failures);
    }
    if (currentPlan.guard.skip !== null) {
      console.log(`${currentPlan.storyId}: layout guard skipped: ${currentPlan.guard.skip}`);
    }
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
  } finally {
    plan = null;
  }
});
