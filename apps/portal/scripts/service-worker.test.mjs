import { describe, expect, it } from 'vitest';
import { routePatternRegExp } from './service-worker.mjs';

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
