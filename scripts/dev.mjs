// `pnpm dev`: the development loop. The Auth emulator, the server from source in watch mode on
// PGlite (seeded with the demo data, in a data folder of its own so `npm start` can run beside it)
// and Vite's dev server for the portal, which proxies /api to the server: one origin, one URL.
// A change in apps/portal or packages/ui reaches the browser through Vite's hot reload; a change
// in apps/server restarts the server (tsx watch).
//
//   node scripts/dev.mjs [--port 5173] [--server-port 8081] [--auth-port 9097] [--hub-port 4402]
//                        [--logging-port 4502] [--data-dir .data/pglite-dev] [--fresh]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FIREBASE_PROJECT_ID, startAuthEmulator } from './lib/emulator.mjs';
import { onShutdown, repoRoot, startService, waitForUrl } from './lib/process.mjs';
import { ORG_DOMAIN } from './stack.mjs';

/** The running loop: its URL, and stop() for everything it started. */
export async function startDevLoop(options = {}) {
  const {
    port = 5173,
    serverPort = 8081,
    authPort = 9097,
    hubPort = 4402,
    loggingPort = 4502,
    fresh = false,
    quiet = false,
  } = options;
  const dataDir = fresh
    ? mkdtempSync(join(tmpdir(), 'tutoring-dev-'))
    : (options.dataDir ?? join(repoRoot, '.data/pglite-dev'));
  const url = `http://127.0.0.1:${port}/`;
  const emulatorHost = `127.0.0.1:${authPort}`;
  const services = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop();
    if (fresh) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const emulator = startAuthEmulator({ authPort, hubPort, loggingPort }).then((started) => {
      services.unshift(started); // stopped last
      return started;
    });
    const server = startService(
      'server',
      'pnpm',
      [
        '--filter',
        '@tutoring/server',
        'exec',
        'tsx',
        'watch',
        '--clear-screen=false',
        'src/main.ts',
      ],
      {
        quiet,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(serverPort),
          // Magic links and notification links open the portal where Vite serves it.
          PUBLIC_URL: url.replace(/\/$/, ''),
          DATA_DIR: dataDir,
          SEED: 'true',
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          FIREBASE_PROJECT_ID,
          ORG_DOMAIN,
          // A restart on every save: no load balancer to drain.
          SHUTDOWN_DRAIN_MS: '0',
        },
      },
    );
    services.push(server);
    const portal = startService(
      'portal',
      'pnpm',
      ['--filter', '@tutoring/portal', 'exec', 'vite', '--port', String(port), '--strictPort'],
      {
        quiet,
        env: {
          ...process.env,
          VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${emulatorHost}`,
          VITE_FIREBASE_PROJECT_ID: FIREBASE_PROJECT_ID,
          VITE_ORG_DOMAIN: ORG_DOMAIN,
          // vite.config.ts proxies /api here.
          PORTAL_DEV_API_ORIGIN: `http://127.0.0.1:${serverPort}`,
        },
      },
    );
    services.push(portal);
    await Promise.all([
      emulator,
      waitForUrl(`http://127.0.0.1:${serverPort}/api/readyz`, { service: server }),
      waitForUrl(url, { service: portal }),
    ]);
    return { url, dataDir, server, portal, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'server-port': { type: 'string' },
      'auth-port': { type: 'string' },
      'hub-port': { type: 'string' },
      'logging-port': { type: 'string' },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean' },
    },
  });
  const number = (value) => (value === undefined ? undefined : Number(value));
  let loop;
  onShutdown(async () => loop?.stop());
  try {
    loop = await startDevLoop({
      port: number(values.port),
      serverPort: number(values['server-port']),
      authPort: number(values['auth-port']),
      hubPort: number(values['hub-port']),
      loggingPort: number(values['logging-port']),
      dataDir: values['data-dir'],
      fresh: values.fresh,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(
    `\nDevelopment loop ready at ${loop.url} (portal and ui hot-reload; the server restarts on save)`,
  );
  const ended = await Promise.race([loop.server.exited, loop.portal.exited]);
  await loop.stop();
  process.exit(ended.code ?? 1);
}
