import { describe, expect, it } from 'vitest';
import { areaRoutesOf, areaShellsScript, routePatternRegExp } from './service-worker.mjs';

// Workbox tests a navigation's path and query against these (navigateFallbackAllowlist): the
// app's paths get the precached shell, every other path the server's own page.
describe('routePatternRegExp', () => {
  it("matches the route's path, with a trailing slash and a query string", () => {
    const tutoring = routePatternRegExp('/tutoring');
    for (const path of ['/tutoring', '/tutoring/', '/tutoring?from=install']) {
      expect(tutoring.test(path)).toBe(true);
    }
    for (const path of ['/tutoring-guide', '/tutoring/other', '/', '/api/tutoring']) {
      expect(tutoring.test(path)).toBe(false);
    }
  });

  it('matches one segment for a parameter, and escapes the pattern', () => {
    const messenger = routePatternRegExp('/tutoring/messenger/:studentId');
    expect(messenger.test('/tutoring/messenger/42')).toBe(true);
    expect(messenger.test('/tutoring/messenger/42?draft=1')).toBe(true);
    expect(messenger.test('/tutoring/messenger/')).toBe(false);
    expect(messenger.test('/tutoring/messenger/42/more')).toBe(false);
    const file = routePatternRegExp('/signin.html');
    expect(file.test('/signin.html')).toBe(true);
    expect(file.test('/signinXhtml')).toBe(false);
  });
});

// The worker's answer to a navigation into a signed-in area: that area's shell, from the precache.
describe('areaShellsScript', () => {
  const pagesManifest = {
    areaShells: { '/tutoring': 'app-tutoring.html', '/onboarding': 'app-onboarding.html' },
    appRoutes: [
      '/auth/google',
      '/onboarding',
      '/onboarding/waiver',
      '/tutoring',
      '/tutoring/messenger/:studentId',
    ],
  };

  /** Runs the script as the worker would, and answers which shell a navigation to `path` gets. */
  async function shellFor(path, { mode = 'navigate', origin = 'https://portal.example' } = {}) {
    const listeners = [];
    const matched = [];
    const worker = {
      location: new URL('https://portal.example/sw.js'),
      addEventListener: (type, listener) => listeners.push([type, listener]),
    };
    const caches = {
      match: async (url, options) => {
        matched.push({ url, options });
        return `shell ${url}`;
      },
    };
    new Function('self', 'caches', 'fetch', areaShellsScript(areaRoutesOf(pagesManifest)))(
      worker,
      caches,
      async () => 'network',
    );
    let answer;
    const event = {
      request: { mode, method: 'GET', url: `${origin}${path}` },
      respondWith: (response) => {
        answer = response;
      },
    };
    for (const [type, listener] of listeners) if (type === 'fetch') listener(event);
    return { answer: answer === undefined ? undefined : await answer, matched };
  }

  it("answers a tutoring path with the tutoring shell and an onboarding path with onboarding's", async () => {
    expect((await shellFor('/tutoring')).answer).toBe('shell /app-tutoring.html');
    expect((await shellFor('/tutoring/messenger/42?draft=1')).answer).toBe(
      'shell /app-tutoring.html',
    );
    const onboarding = await shellFor('/onboarding/waiver');
    expect(onboarding.answer).toBe('shell /app-onboarding.html');
    // The precache's key carries the shell's revision.
    expect(onboarding.matched).toEqual([
      { url: '/app-onboarding.html', options: { ignoreSearch: true } },
    ]);
  });

  it("leaves every other request to Workbox: the app's other paths, other origins, non-navigations", async () => {
    expect((await shellFor('/auth/google')).answer).toBeUndefined();
    expect((await shellFor('/tutoring/unknown/page')).answer).toBeUndefined();
    expect((await shellFor('/')).answer).toBeUndefined();
    expect((await shellFor('/tutoring', { mode: 'cors' })).answer).toBeUndefined();
    expect(
      (await shellFor('/tutoring', { origin: 'https://elsewhere.example' })).answer,
    ).toBeUndefined();
  });
});
