import { beforeEach, describe, expect, it, vi } from 'vitest';

const evaluated: string[] = [];

async function prefetchFresh(pathname: string) {
  vi.resetModules();
  // Each run's own mocks: a module the entry asks for is evaluated once per registry.
  vi.doMock('./tutoringFirstScreen', () => {
    evaluated.push('tutoring');
    return {};
  });
  vi.doMock('./onboardingFirstScreen', () => {
    evaluated.push('onboarding');
    return {};
  });
  const { prefetchSignedInArea } = await import('./signedInAreaPrefetch');
  prefetchSignedInArea(pathname);
  // Let the dynamic import settle.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('prefetchSignedInArea (issue 39: a return visit does not find its chunks one by one)', () => {
  beforeEach(() => {
    evaluated.length = 0;
  });

  it.each([
    ['/tutoring', 'tutoring'],
    ['/tutoring/messenger/student-1', 'tutoring'],
    ['/onboarding', 'onboarding'],
    ['/onboarding/waiver', 'onboarding'],
  ])("asks for %s's first screen", async (pathname, area) => {
    await prefetchFresh(pathname);
    await vi.waitFor(() => expect(evaluated).toEqual([area]));
  });

  it.each(['/', '/auth', '/tutoringx', '/logout'])('asks for nothing on %s', async (pathname) => {
    await prefetchFresh(pathname);
    expect(evaluated).toEqual([]);
  });
});
