// The whole product on one machine: the Firebase Auth emulator, the server on PGlite (or on
// DATABASE_URL) and the built portal, served by the server from one origin. `npm start` runs it with
// the default ports; the e2e tests run it on their own ports with a fresh data folder.
//
//   node scripts/stack.mjs [--port 8080] [--auth-port 9099] [--hub-port 4400] [--logging-port 4500]
//                          [--data-dir .data/pglite] [--fresh] [--skip-build] [--quiet]
//                          [--translation-double-port 9299] [--servers 1] [--portal-dist dir]
//
// --translation-double-port starts a local double of DeepL's API on that port (the e2e tests
// steer it there) and gives the server its key: texts to families who read Spanish are then
// translated. Without it translation is off, as in the offline demo.
// --servers N (with --fresh) starts N servers, each with data of its own, on the ports from
// --port up (and translation doubles from --translation-double-port up), serving one portal
// build beside one emulator: the e2e tests run one Playwright worker against each.
// --portal-dist serves a portal already built for this stack's emulator (buildPortal below) from
// that folder instead of building one: `npm test` builds one for its e2e stack and the benchmarks'
// smoke pass, both on the test run's emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startDeepLDouble } from './lib/deepl-double.mjs';
import { FIREBASE_PROJECT_ID, startAuthEmulator } from './lib/emulator.mjs';
import { onShutdown, repoRoot, run, startService, waitForUrl } from './lib/process.mjs';

export const ORG_DOMAIN = 'tutoring.example.org';

export async function startStack(options) {
  const {
    port = 8080,
    authPort = 9099,
    hubPort = 4400,
    loggingPort = 4500,
    dataDir: requestedDataDir,
    fresh = false,
    skipBuild = false,
    quiet = false,
    translationDoublePort,
    servers: serverCount = 1,
    portalDist: prebuiltPortalDist,
  } = options;
  if (serverCount > 1 && !fresh) throw new Error('--servers needs --fresh: one data folder each.');
  const dataDirs = Array.from({ length: serverCount }, () =>
    fresh
      ? mkdtempSync(join(tmpdir(), 'tutoring-data-'))
      : (requestedDataDir ?? join(repoRoot, '.data/pglite')),
  );
  const portalDist =
    prebuiltPortalDist ?? join(repoRoot, 'apps/portal', port === 8080 ? 'dist' : `dist-${port}`);
  const emulatorHost = emulatorHostOf(authPort);
  const services = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop();
    if (fresh) for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  };

  // The emulator takes ~15 s to start. Meanwhile the portal is built and the server starts on it:
  // the server asks the emulator nothing until a request brings a token to verify.
  const emulatorStarted = startAuthEmulator({ authPort, hubPort, loggingPort }).then((emulator) => {
    services.unshift(emulator); // stopped last
    return emulator;
  });
  const serversStarted = (async () => {
    if (!skipBuild && prebuiltPortalDist === undefined) await buildPortal(portalDist, emulatorHost);
    return Promise.all(
      dataDirs.map(async (dataDir, index) => {
        const translationEnv = await startTranslationDouble(
          translationDoublePort === undefined ? undefined : translationDoublePort + index,
          services,
        );
        const server = startServer({
          port: port + index,
          quiet,
          dataDir,
          portalDist,
          emulatorHost,
          translationEnv,
        });
        services.push(server);
        await waitForUrl(`http://127.0.0.1:${port + index}/`, {
          timeoutMs: 120000,
          service: server,
        });
        return server;
      }),
    );
  })();

  try {
    const [servers] = await Promise.all([serversStarted, emulatorStarted]);
    return {
      url: `http://127.0.0.1:${port}/`,
      urls: servers.map((_, index) => `http://127.0.0.1:${port + index}/`),
      dataDir: dataDirs[0],
      emulatorHost,
      stop,
      // Any server's end is the stack's.
      exited: Promise.race(servers.map((server) => server.exited)),
    };
  } catch (error) {
    // Whatever is still starting gets the chance to finish, so that it is stopped too.
    await Promise.allSettled([serversStarted, emulatorStarted]);
    await stop();
    throw error;
  }
}

/** The address the portal's build and the server give the Auth emulator on `authPort`. */
export const emulatorHostOf = (authPort) => `127.0.0.1:${authPort}`;

/**
 * The portal, built into `portalDist` for the Auth emulator at `emulatorHost` (the build carries its
 * address), prerendered and precompressed.
 */
export async function buildPortal(portalDist, emulatorHost) {
  const buildEnv = {
    ...process.env,
    VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${emulatorHost}`,
    VITE_FIREBASE_PROJECT_ID: FIREBASE_PROJECT_ID,
    VITE_ORG_DOMAIN: ORG_DOMAIN,
    // The prerender and precompress steps (apps/portal/scripts/) write into the same folder.
    PORTAL_DIST: portalDist,
  };
  const viteBuild = [
    'vite',
    'build',
    '--logLevel',
    'warn',
    '--outDir',
    portalDist,
    '--emptyOutDir',
  ];
  const built =
    (await run('pnpm', ['--filter', '@tutoring/portal', 'exec', ...viteBuild], {
      env: buildEnv,
    })) ||
    (await run('pnpm', ['--filter', '@tutoring/portal', 'exec', 'node', 'scripts/prerender.mjs'], {
      env: buildEnv,
    })) ||
    // Brotli and gzip beside every text file, the HTML pages too (scripts/precompress.mjs).
    (await run(
      'pnpm',
      ['--filter', '@tutoring/portal', 'exec', 'node', 'scripts/precompress.mjs'],
      { env: buildEnv },
    ));
  if (built !== 0) throw new Error('The portal build failed.');
}

/**
 * With a port, the local double of DeepL's API started there (stopped with the stack's services)
 * and the server's environment that points at it; without one, no environment: translation off.
 */
async function startTranslationDouble(port, services) {
  if (port === undefined) return {};
  const deepl = await startDeepLDouble({ port });
  services.push({ stop: deepl.stop });
  return { DEEPL_AUTH_KEY: deepl.key, DEEPL_SERVER_URL: deepl.url };
}

/**
 * The server from source (Node strips the types itself; the server's tsconfig allows only syntax it
 * can erase) on PGlite in `dataDir`, serving the built portal, seeded.
 */
function startServer({ port, quiet, dataDir, portalDist, emulatorHost, translationEnv }) {
  return startService('server', process.execPath, ['src/main.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    quiet,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The links in e-mails point at this stack, whichever port it runs on.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED: 'true',
      STATIC_DIR: portalDist,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID,
      ORG_DOMAIN,
      // The stack stops its server with SIGTERM (Ctrl-C, the end of an e2e run): at once, there is
      // no load balancer to drain.
      SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '0',
      ...translationEnv,
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'auth-port': { type: 'string' },
      'hub-port': { type: 'string' },
      'logging-port': { type: 'string' },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean' },
      'skip-build': { type: 'boolean' },
      quiet: { type: 'boolean' },
      'translation-double-port': { type: 'string' },
      servers: { type: 'string' },
      'portal-dist': { type: 'string' },
    },
  });
  const number = (value) => (value === undefined ? undefined : Number(value));
  let stack;
  onShutdown(async () => stack?.stop());
  try {
    stack = await startStack({
      port: number(values.port),
      authPort: number(values['auth-port']),
      hubPort: number(values['hub-port']),
      loggingPort: number(values['logging-port']),
      dataDir: values['data-dir'],
      fresh: values.fresh,
      skipBuild: values['skip-build'],
      quiet: values.quiet,
      translationDoublePort: number(values['translation-double-port']),
      servers: number(values.servers),
      portalDist: values['portal-dist'] === undefined ? undefined : resolve(values['portal-dist']),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(`Stack ready at ${stack.urls.join(', ')}`);
  const { code } = await stack.exited;
  await stack.stop();
  process.exit(code ?? 1);
}
