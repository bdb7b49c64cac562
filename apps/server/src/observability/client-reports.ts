// POST /api/client-reports: the portal's browser errors and Core Web Vitals (sent with
// navigator.sendBeacon by apps/portal/src/lib/clientReports), counted in the Prometheus metrics
// (metrics.ts) by kind or vital and by page route. The body holds no message, stack or URL (they
// may hold personal data), and none of it is logged. Public, so: a small body, a rate per client
// IP shared by every instance, and a bounded set of route labels (no unbounded series).

import type { components } from '@tutoring/api/schema';
import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../http/operations.ts';
import { consumeRateLimits, rateLimitKey } from '../http/rate-limit.ts';
import type { RouteContext } from '../http/route-context.ts';

type ClientReports = components['schemas']['ClientReports'];

/** The largest body accepted (20 reports fit in well under 1 KB). */
export const CLIENT_REPORTS_BODY_LIMIT = 4096;
/** Calls a client IP may make a minute: a few beacons a page view. */
export const CLIENT_REPORTS_PER_IP_PER_MINUTE = 60;
/** Distinct route labels kept; any route after these is counted as 'other'. */
export const CLIENT_REPORT_ROUTE_LABELS = 50;

export async function registerClientReportRoutes(
  api: FastifyInstance,
  context: RouteContext,
): Promise<void> {
  const routes = new Set<string>();
  const routeLabel = (route: string) => {
    if (routes.has(route)) return route;
    if (routes.size >= CLIENT_REPORT_ROUTE_LABELS) return 'other';
    routes.add(route);
    return route;
  };
  const { metrics } = context;
  // In a scope of its own: the small body limit is this route's only.
  await api.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = CLIENT_REPORTS_BODY_LIMIT;
    });
    registerOperation(scope, context, {
      operationId: 'sendClientReports',
      access: 'public',
      handler: async (request, reply) => {
        const body = request.body as ClientReports;
        await consumeRateLimits(context.db, context.now(), [
          {
            key: rateLimitKey(context.config.notifications.secret, 'client-reports-ip', request.ip),
            limit: CLIENT_REPORTS_PER_IP_PER_MINUTE,
            windowMs: 60_000,
          },
        ]);
        const route = routeLabel(body.route);
        for (const report of body.reports) {
          if (report.kind !== 'vital') metrics.clientErrors.inc({ kind: report.kind, route });
          else if (report.name === 'CLS') metrics.webVitalCls.observe({ route }, report.value);
          else metrics.webVitalSeconds.observe({ name: report.name, route }, report.value / 1000);
        }
        return reply.code(204).send();
      },
    });
  });
}
