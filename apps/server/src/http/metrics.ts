// Prometheus metrics (prom-client): requests by route and status with their latency, the database
// pool, texts by outcome, magic links sent, answers that drifted from the contract, and the
// portal's browser errors and Core Web Vitals (POST /api/client-reports), plus the process's own
// (CPU, memory, event loop).
// Served by a listener of their own (METRICS_PORT, on METRICS_HOST, 127.0.0.1 unless set), never
// by the public one, and only when configured; METRICS_TOKEN adds a bearer check on top.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/open.ts';
import type { SmsProvider } from '../providers/sms.ts';

export interface Metrics {
  registry: Registry;
  /** Outbound texts by what the provider answered; inbound ones as 'received'. */
  texts: Counter<'direction' | 'status'>;
  /** Magic-link e-mails, by whether the mail provider took them. */
  magicLinks: Counter<'outcome'>;
  /** Answers found not to match openapi.yaml (in production only a sample is checked). */
  contractMismatches: Counter<'operation' | 'status'>;
  /** Uncaught errors and unhandled rejections in the portal, by kind and page route. */
  clientErrors: Counter<'kind' | 'route'>;
  /** LCP and INP of the portal's pages (seconds), by vital and page route. */
  webVitalSeconds: Histogram<'name' | 'route'>;
  /** CLS of the portal's pages (unitless), by page route. */
  webVitalCls: Histogram<'route'>;
}

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'tutoring_db_pool_connections',
    help: "The server's database connections by state, as PostgreSQL reports them (in_use: running a query or in a transaction); PGlite has one, in use.",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty, and the rest of the scrape stands.
      const stats = database.connectionsByState
        ? await database.connectionsByState().catch(() => undefined)
        : { inUse: 1, idle: 0 };
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  return {
    registry,
    texts: new Counter({
      name: 'tutoring_texts_total',
      help: 'Texts to and from guardians: outbound by the status the SMS provider gave, inbound as received.',
      labelNames: ['direction', 'status'],
      registers: [registry],
    }),
    magicLinks: new Counter({
      name: 'tutoring_magic_links_sent_total',
      help: 'Magic sign-in links e-mailed, by whether the mail provider accepted them.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    contractMismatches: new Counter({
      name: 'tutoring_contract_mismatches_total',
      help: 'Answers that did not match openapi.yaml, by operation and status (production checks one answer in 20 of each operation).',
      labelNames: ['operation', 'status'],
      registers: [registry],
    }),
    clientErrors: new Counter({
      name: 'tutoring_client_errors_total',
      help: "Uncaught errors (kind error) and unhandled promise rejections (kind unhandledrejection) in the portal's pages, by kind and page route, as browsers report them.",
      labelNames: ['kind', 'route'],
      registers: [registry],
    }),
    // Buckets around web.dev's "good" and "poor" thresholds (LCP 2.5 s / 4 s, INP 0.2 s / 0.5 s).
    webVitalSeconds: new Histogram({
      name: 'tutoring_web_vitals_seconds',
      help: "Core Web Vitals of the portal's pages in seconds (name LCP or INP), by page route, as browsers report them.",
      labelNames: ['name', 'route'],
      buckets: [0.1, 0.2, 0.5, 1, 2.5, 4, 10],
      registers: [registry],
    }),
    webVitalCls: new Histogram({
      name: 'tutoring_web_vitals_cls',
      help: "Cumulative Layout Shift of the portal's pages (unitless; good up to 0.1, poor over 0.25), by page route.",
      labelNames: ['route'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
}

/** Request count and latency by method, route (the template, not the URL) and status. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        // Paths without a route (404s, the portal's files) share one label: no unbounded series.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** The SMS provider, counting each outbound text by the provider's answer. */
export function withTextMetrics(sms: SmsProvider, metrics: Metrics): SmsProvider {
  return {
    kind: sms.kind,
    async send(text) {
      try {
        const receipt = await sms.send(text);
        metrics.texts.inc({ direction: 'outbound', status: receipt.status });
        return receipt;
      } catch (error) {
        metrics.texts.inc({ direction: 'outbound', status: 'failed' });
        throw error;
      }
    },
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Serves GET /metrics on a listener of its own; resolves once it listens. */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token: string | undefined },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('A bearer token is required.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
