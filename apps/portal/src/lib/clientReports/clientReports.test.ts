import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_REPORTS_URL, routeOf, startClientReports } from './clientReports';

type Report = (metric: { name: 'LCP' | 'INP' | 'CLS'; value: number }) => void;

/** A reporter with a fake sendBeacon and fake web-vitals listeners. */
function start() {
  const beacons: { url: string; body: Promise<unknown>; type: string }[] = [];
  const vitals: Report[] = [];
  const stop = startClientReports({
    sendBeacon: (url, data) => {
      beacons.push({ url, type: data.type, body: data.text().then((text) => JSON.parse(text)) });
      return true;
    },
    target: window,
    vitals: [0, 1, 2].map(() => (report: Report) => {
      vitals.push(report);
    }),
  });
  return { beacons, vitals, stop };
}

let stopReporter: (() => void) | undefined;
afterEach(() => {
  stopReporter?.();
  stopReporter = undefined;
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('routeOf', () => {
  it('gives route templates, never ids or unknown paths', () => {
    expect(routeOf('/tutoring/messenger/rec123')).toBe('/tutoring/messenger/:studentId');
    expect(routeOf('/tutoring/learning-pathway/rec123/')).toBe(
      '/tutoring/learning-pathway/:studentId',
    );
    expect(routeOf('/tutoring/settings')).toBe('/tutoring/settings');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/someone@example.org')).toBe('other');
  });
});

describe('startClientReports', () => {
  it('sends uncaught errors and rejections by kind and route, without their message', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/tutoring/messenger/rec42');
    const reporter = start();
    stopReporter = reporter.stop;
    window.dispatchEvent(new ErrorEvent('error', { message: 'Cannot read jane.doe@example.org' }));
    window.dispatchEvent(new Event('unhandledrejection'));
    expect(reporter.beacons).toHaveLength(0); // sent together, a moment later
    vi.advanceTimersByTime(1000);
    expect(reporter.beacons).toHaveLength(1);
    const [beacon] = reporter.beacons;
    expect(beacon?.url).toBe(CLIENT_REPORTS_URL);
    expect(beacon?.type).toBe('application/json');
    expect(await beacon?.body).toEqual({
      route: '/tutoring/messenger/:studentId',
      reports: [{ kind: 'error' }, { kind: 'unhandledrejection' }],
    });
  });

  it('sends the vitals web-vitals gives when the page is hidden', async () => {
    window.history.replaceState(null, '', '/tutoring');
    const reporter = start();
    stopReporter = reporter.stop;
    const [lcp, inp, cls] = reporter.vitals;
    lcp?.({ name: 'LCP', value: 2100.5 });
    inp?.({ name: 'INP', value: 180 });
    cls?.({ name: 'CLS', value: 0.02 });
    expect(reporter.beacons).toHaveLength(0);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(reporter.beacons).toHaveLength(1);
    expect(await reporter.beacons[0]?.body).toEqual({
      route: '/tutoring',
      reports: [
        { kind: 'vital', name: 'LCP', value: 2100.5 },
        { kind: 'vital', name: 'INP', value: 180 },
        { kind: 'vital', name: 'CLS', value: 0.02 },
      ],
    });
  });

  it('reports at most 10 errors a page, and nothing once stopped', async () => {
    vi.useFakeTimers();
    const reporter = start();
    for (let index = 0; index < 25; index++) window.dispatchEvent(new ErrorEvent('error'));
    vi.advanceTimersByTime(1000);
    expect(reporter.beacons).toHaveLength(1);
    const body = (await reporter.beacons[0]?.body) as { reports: unknown[] } | undefined;
    expect(body?.reports).toHaveLength(10);
    reporter.stop();
    window.dispatchEvent(new ErrorEvent('error'));
    vi.advanceTimersByTime(1000);
    expect(reporter.beacons).toHaveLength(1);
  });
});
