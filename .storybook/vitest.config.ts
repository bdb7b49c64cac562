import { join } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
// Debian's chromium and its switches: nothing here may download a browser.
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { obsoleteBaselines } from './obsolete-baselines.ts';
import { maxScreenshotHeight, testViewports } from './viewports.ts';

// The stories run on React's production build, as the portal and Storybook's built site (the
// hosted review) do, and as the test runner's built Storybook did. On React's development build
// (its checks, and every render recorded for DevTools) rendering and playing the stories took 30 %
// longer, on two busy cores. Vite reads this once the config is loaded (its
// `define` alone would leave JSX on the development runtime); the stories' code has no
// development-only paths (App.tsx's service worker is not in them).
process.env.NODE_ENV = 'production';
const configDir = import.meta.dirname;
const repoRoot = join(configDir, '..');
const baselinesDir = join(repoRoot, '.storybook', '__screenshots__');
/** The baseline files this run's screenshots resolved to (for obsoleteBaselines). */
const usedBaselines = new Set<string>();
// The page the browser loads the stories from (README, "Ports").
const port = Number(process.env.STORYBOOK_TEST_PORT ?? 6106);

export default defineConfig({
  root: repoRoot,
  plugins: [storybookTest({ configDir })],
  optimizeDeps: {
    // Found only once a story imports it (sprinkles' runtime): without it here, Vite's optimizer
    // discovers it mid-run on a fresh clone or a changed lockfile and reloads the page under the
    // running tests, which then all fail. (A root devDependency, so that the root resolves it.)
    include: ['@vanilla-extract/sprinkles/createRuntimeSprinkles'],
  },
  test: {
    name: 'storybook',
    reporters: [
      'default',
      obsoleteBaselines({
        baselinesDir,
        used: usedBaselines,
        storyGlobs: [
          'packages/ui/src/**/*.stories.{ts,tsx}',
          'apps/portal/src/**/*.stories.{ts,tsx}',
        ],
        root: repoRoot,
      }),
    ],
    setupFiles: [join(configDir, 'vitest.setup.ts')],
    // Only these of each story's widths (see vitest.setup.ts), e.g. STORYBOOK_TEST_WIDTHS=390.
    provide: { storybookTestWidths: process.env.STORYBOOK_TEST_WIDTHS ?? '' },
    // Four story files at a time on two cores: a worker waits on the browser for much of its time
    // (rendering, axe, screenshots), and four kept both cores busy where two did not. On a quiet
    // machine the layer took 297 s with two and 235-250 s with four (the test runner: 274 s).
    maxWorkers: 4,
    // Each worker's page keeps the preview loaded from one story file to the next (each story
    // still renders from scratch): loading it again for each of the 59 files took a third of the
    // test runner's time (issue 13).
    isolate: false,
    // The page the browser loads the stories from (Vitest 5 reads `api` here, not under
    // `browser`). allowWrite: baselines and diffs are files; Vitest refused to write them without.
    api: { host: '127.0.0.1', port, strictPort: true, allowWrite: true },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    browser: {
      enabled: true,
      headless: true,
      ui: false,
      viewport: { width: testViewports.desktop.width, height: testViewports.desktop.height },
      provider: playwright({
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            ...chromiumArgs,
            // Same pixels on every machine with the pinned fonts.
            '--font-render-hinting=none',
            '--force-color-profile=srgb',
          ],
        },
        contextOptions: {
          // The page around Vitest's iframe: it scales the iframe down to fit, so it must be at
          // least as large as any viewport a story is tested at, and as tall as the tallest
          // screenshot (vitest.setup.ts makes the iframe that tall for the capture).
          viewport: { width: testViewports.desktop.width, height: maxScreenshotHeight },
          deviceScaleFactor: 1,
          colorScheme: 'light',
          locale: 'en-US',
          timezoneId: 'UTC',
        },
      }),
      instances: [{ browser: 'chromium' }],
      commands: {
        // Vitest's page API has no media emulation; Playwright's page does (stories with
        // parameters.testRunner.reducedMotion).
        emulateReducedMotion: async ({ page }, reduce: boolean) => {
          await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
        },
      },
      expect: {
        toMatchScreenshot: {
          // Vitest takes screenshots until two in a row are equal; a tall screen on a busy
          // two-core machine needed more than the default 5 s for that.
          timeout: 30_000,
          comparatorName: 'pixelmatch',
          // As the test runner had it: rendering is deterministic here (software raster, pinned
          // fonts, sRGB); anti-aliased pixels are ignored, a small per-pixel tolerance absorbs
          // +-2 levels of rasteriser noise in blurs and shadows, and more than 20 changed pixels
          // (one short word, a recoloured border, a shifted icon) fails.
          comparatorOptions: { threshold: 0.02, includeAA: false, allowedMismatchedPixels: 20 },
          // The committed baselines' names, `<story-id>--w<width>.png`: Vitest collapses `--` in a
          // name, so vitest.setup.ts passes the parts as path segments, joined here again.
          resolveScreenshotPath: ({ arg, ext }) => {
            const file = `${arg.split('/').join('--')}${ext}`;
            usedBaselines.add(file);
            return join(baselinesDir, file);
          },
          resolveDiffPath: ({ arg, ext }) =>
            join(baselinesDir, '__diff_output__', `${arg.split('/').join('--')}${ext}`),
        },
      },
    },
  },
});
