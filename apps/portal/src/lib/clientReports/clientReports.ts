// The portal's reports to the server (POST /api/client-reports, counted in its Prometheus
// metrics): uncaught errors and unhandled promise rejections, by kind only, and the Core Web
// Vitals LCP, INP and CLS (the web-vitals library), each with the page's route template. No
// message, stack or URL is sent: they may hold personal data. Sent with navigator.sendBeacon
// (same origin: CSP connect-src 'self'), which survives the page being left. main.tsx imports
// this lazily, once the app has loaded: the public pages never download it.
import { type Metric, onCLS, onINP, onLCP } from 'web-vitals';
import { messengerPathPrefix, paths } from '../paths';

export const CLIENT_REPORTS_URL = '/api/client-reports';
/** The contract's most reports a call. */
const MAX_REPORTS_PER_CALL = 20;
/** Errors reported in one page's life: a loop that throws must not flood the server. */
const MAX_ERRORS_PER_PAGE = 10;

export type ClientReport =
  | { kind: 'error' | 'unhandledrejection' }
  | { kind: 'vital'; name: 'LCP' | 'INP' | 'CLS'; value: number };

const knownPaths = new Set<string>(Object.values(paths));
const learningPathwayPrefix = '/tutoring/learning-pathway/';

/** The route template of a path: ids replaced by `:studentId`; unknown paths are 'other'. */
export function routeOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith(learningPathwayPrefix)) return `${learningPathwayPrefix}:studentId`;
  if (path.startsWith(messengerPathPrefix)) return `${messengerPathPrefix}:studentId`;
  return knownPaths.has(path) ? path : 'other';
}

type VitalListener = (report: (metric: Pick<Metric, 'name' | 'value'>) => void) => void;

export interface ClientReportDependencies {
  sendBeacon: (url: string, data: Blob) => boolean;
  target: Window;
  vitals: VitalListener[];
}

function defaultDependencies(): ClientReportDependencies {
  return {
    sendBeacon: (url, data) => navigator.sendBeacon(url, data),
    target: window,
    vitals: [onLCP, onINP, onCLS] as VitalListener[],
  };
}

/** Starts reporting; answers the function that stops it (the tests'). */
export function startClientReports(
  dependencies: ClientReportDependencies = defaultDependencies(),
): () => void {
  const { sendBeacon, target } = dependencies;
  let queue: ClientReport[] = [];
  let queueRoute = '';
  let errors = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    while (queue.length > 0) {
      const reports = queue.slice(0, MAX_REPORTS_PER_CALL);
      queue = queue.slice(MAX_REPORTS_PER_CALL);
      const body = JSON.stringify({ route: queueRoute, reports });
      sendBeacon(CLIENT_REPORTS_URL, new Blob([body], { type: 'application/json' }));
    }
  };
  const add = (report: ClientReport) => {
    const route = routeOf(target.location.pathname);
    if (route !== queueRoute) flush();
    queueRoute = route;
    queue.push(report);
  };

  const onError = (kind: 'error' | 'unhandledrejection') => () => {
    if (errors >= MAX_ERRORS_PER_PAGE) return;
    errors += 1;
    add({ kind });
    // Errors go out soon (several thrown together in one call); vitals wait for the page to hide.
    flushTimer ??= setTimeout(flush, 1000);
  };
  const onUncaught = onError('error');
  const onRejection = onError('unhandledrejection');
  // web-vitals reports its final values when the page is hidden; its listeners were added first,
  // so the queue holds them by the time this one sends it.
  for (const listen of dependencies.vitals) {
    listen(({ name, value }) => {
      if (name === 'LCP' || name === 'INP' || name === 'CLS') {
        add({ kind: 'vital', name, value: Math.max(0, value) });
      }
    });
  }
  const onHidden = () => {
    if (target.document.visibilityState === 'hidden') flush();
  };
  target.addEventListener('error', onUncaught);
  target.addEventListener('unhandledrejection', onRejection);
  target.document.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', flush);
  return () => {
    flush();
    target.removeEventListener('error', onUncaught);
    target.removeEventListener('unhandledrejection', onRejection);
    target.document.removeEventListener('visibilitychange', onHidden);
    target.removeEventListener('pagehide', flush);
  };
}
