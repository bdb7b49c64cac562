// `pnpm --filter @tutoring/server start`: reads the environment, builds the app, listens, and
// shuts down cleanly (Fastify, then the database) on SIGINT or SIGTERM.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

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
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
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
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
