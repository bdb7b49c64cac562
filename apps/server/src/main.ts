// `pnpm --filter @tutoring/server start` (and `node dist/main.js` built): reads the environment,
// builds the app, listens, and shuts down gracefully on SIGTERM or SIGINT. SIGTERM first drains:
// readiness turns 503 at once while the listener still accepts connections for SHUTDOWN_DRAIN_MS,
// so a load balancer sees it and stops sending here. Then (at once on SIGINT, or on a second
// signal during the drain) the listener closes, requests in progress finish (at most
// SHUTDOWN_TIMEOUT_MS), background work settles, and the database pool closes.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { startMetricsServer } from './http/metrics.ts';
import { startTracing, type Tracing } from './observability/tracing.ts';

type MetricsServer = Awaited<ReturnType<typeof startMetricsServer>>;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  // Before the app: the Fastify instrumentation hooks the instance as it is created.
  const tracing = await startTracing(config.tracing);
  const app: FastifyInstance = await buildApp(config);
  if (tracing) app.log.info(`OpenTelemetry traces to ${config.tracing.endpoint}`);
  let metricsServer: MetricsServer | undefined;
  const shutdown = shutdownOnSignals(app, config, () => metricsServer, tracing);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({
    host: config.host,
    port: config.port,
    listenTextResolver: (address) =>
      `Tutoring server listening at ${address} (database: ${
        app.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'
      }; ready in ${Date.now() - started} ms)`,
  });
  const { port: metricsPort, host: metricsHost, token: metricsToken } = config.metrics;
  if (metricsPort !== undefined) {
    metricsServer = await startMetricsServer(app.metrics, {
      host: metricsHost,
      port: metricsPort,
      token: metricsToken,
    });
    app.log.info(
      `Prometheus metrics at http://${metricsHost}:${metricsServer.port}/metrics${
        metricsToken ? ' (bearer token required)' : ''
      }`,
    );
  }
}

/**
 * The signal handler: the first SIGTERM drains for `shutdownDrainMs`, then closes; SIGINT, or any
 * signal during the drain, closes at once; signals while closing change nothing.
 */
function shutdownOnSignals(
  app: FastifyInstance,
  config: Config,
  metricsServer: () => MetricsServer | undefined,
  tracing: Tracing | undefined,
): (signal: NodeJS.Signals) => void {
  let state: 'running' | 'draining' | 'closing' = 'running';
  let drain: NodeJS.Timeout | undefined;
  const close = () => {
    state = 'closing';
    clearTimeout(drain);
    closeApp(app, config, metricsServer(), tracing);
  };
  return (signal) => {
    if (state === 'draining') close();
    if (state !== 'running') return;
    // Readiness answers 503 from now on, and every answer ends its connection, while the listener
    // still accepts new ones: a load balancer's next check takes this instance out.
    app.lifecycle.shuttingDown = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    if (drainMs === 0) return close();
    state = 'draining';
    drain = setTimeout(close, drainMs);
  };
}

/** Closes the listener, finishes the requests in progress and exits (1 after the timeout). */
function closeApp(
  app: FastifyInstance,
  config: Config,
  metricsServer: MetricsServer | undefined,
  tracing: Tracing | undefined,
) {
  // A request that never ends must not keep a stopped instance alive.
  setTimeout(() => {
    app.log.error(
      { timeoutMs: config.shutdownTimeoutMs },
      'requests still in progress after the shutdown timeout; exiting',
    );
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  // Fastify closes the connections that are idle when closing starts; a keep-alive connection
  // whose request finishes later would hold the close until its keep-alive timeout (72 s).
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  idleSweep.unref();
  // The spans still buffered are exported once the requests have finished; a collector that
  // does not answer does not fail the shutdown.
  const flushSpans = () => tracing?.shutdown().catch(() => undefined);
  Promise.all([app.close().then(flushSpans), metricsServer?.close()]).then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
