// Jest configuration of @storybook/test-runner (ejected with `test-storybook --eject`), found by
// the runner because it sits in the Storybook config dir. Run through scripts/test-storybook.mjs.
import { getJestConfig } from '@storybook/test-runner';
// Debian's chromium and its switches: Playwright must never download a browser on these machines.
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const testRunnerConfig = getJestConfig();

/**
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  // The runner's environment, with one page per worker instead of one per story file.
  testEnvironment: '<rootDir>/.storybook/test-runner-environment.js',
  // One test visits a story at all its widths (screens: three, then the 320 px and text-spacing
  // guards), so it may take a few times as long as one render.
  testTimeout: 180_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: chromiumPath,
        headless: true,
        args: [
          '--headless',
          ...chromiumArgs,
          // Same pixels on every machine with the pinned fonts.
          '--font-render-hinting=none',
          '--force-color-profile=srgb',
        ],
      },
      contextOptions: {
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        colorScheme: 'light',
        reducedMotion: 'no-preference',
        locale: 'en-US',
        timezoneId: 'UTC',
      },
    },
  },
};
