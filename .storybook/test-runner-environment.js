// Jest test environment of the Storybook test run (test-runner-jest.config.js): the test runner's
// own environment, except that a worker keeps one browser page for all the story files it runs.
//
// The runner's environment opens a browser connection, a context and a page for every story file
// (one file per component title), loads Storybook's preview into it (2.6 MB of scripts, compiled
// anew in a fresh context) and registers MSW's service worker again: 4.4 s of a worker's time per
// file on average, over 59 files. A story test only needs a page on which the preview is loaded
// and the runner's `__test` is defined, and each test renders its story from scratch (the
// runner's setCurrentStory, our FORCE_REMOUNT at the other widths), as the tests after the first
// one in a file always did. So this environment sets up the page for the first file of a worker
// and hands the same page, context and connection to the next ones, with cookies and web storage
// cleared in between. The whole run took 496 s before and 325 s after, on the same machine and
// build (302 stories, two workers).
import { setupPage } from '@storybook/test-runner';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';

/** Kept from one test file to the next within this worker process. */
let shared = null;

const usable = (kept) => kept?.browser.isConnected() === true && !kept.page.isClosed();

export default class StoryPageEnvironment extends PlaywrightEnvironment {
  async setup() {
    if (!usable(shared)) {
      shared = null;
      await super.setup();
      await setupPage(this.global.page, this.global.context);
      return;
    }
    // The runner's environment without its browser, context and page (its jestPlaywright helpers
    // and globals still set), then the kept ones.
    const options = this._config.testEnvironmentOptions['jest-playwright'];
    this._config = {
      ...this._config,
      testEnvironmentOptions: {
        ...this._config.testEnvironmentOptions,
        'jest-playwright': { ...options, skipInitialization: true },
      },
    };
    await super.setup();
    this.global.browser = shared.browser;
    this.global.context = shared.context;
    this.global.page = shared.page;
  }

  async teardown() {
    // A test may have replaced the page (the runner's retry after a navigation: resetPage).
    const { browser, context, page } = this.global;
    shared = browser && context && page ? { browser, context, page } : null;
    if (usable(shared)) {
      // The next file starts as in a fresh context, as far as stories can tell: no cookies and
      // nothing stored (the portal keeps its session keys in the two storages).
      try {
        await shared.context.clearCookies();
        await shared.page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      } catch {
        shared = null;
      }
    }
    if (!usable(shared)) {
      shared = null;
      await super.teardown();
      return;
    }
    // The Node environment's own teardown, without the runner's `browser.close()`.
    await Object.getPrototypeOf(PlaywrightEnvironment.prototype).teardown.call(this);
  }
}
