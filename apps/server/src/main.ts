// `pnpm --filter @tutoring/server start` (and `node dist/main.js` built): reads the environment,
// builds the app, listens, and shuts down gracefully on SIGINT or SIGTERM: readiness turns 503, the
// listener closes, requests in progress finish (at most SHUTDOWN_TIMEOUT_MS), background work
// settles, then the database pool closes.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startMetricsServer } from './http/metrics.ts';

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
  const app: FastifyInstance = await buildApp(config);
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
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
    Promise.all([app.close(), metricsServer?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

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

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
