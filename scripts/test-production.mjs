// The `production` layer of `npm test`: the server as an organisation deploys it. It builds the
// server (with the portal the `portal` layer built), copies it with its production dependencies
// only into a temporary folder (`pnpm deploy --prod`), starts `node dist/main.js` there with
// NODE_ENV=production against a new PostgreSQL database, and checks that the portal and the API
// answer as in production, and that SIGTERM stops it cleanly. The `portal` layer's build signs in to
// the emulator's demo project, which production refuses (one line, exit code 1: checked here), so
// the deployed server gets a portal built for a made-up production project instead.
// Then what the operator's guide has an organisation do (scripts/lib/operator-checks.mjs):
// the guide's variables and paths are the code's, deploy/nginx.conf in front of the server, and a
// backup (pg_dump) restored (pg_restore) into a new database and into a new PostgreSQL server, on
// which the server starts ready and with its data.
// With DEPLOYED_OUT set, the deployed folder is moved there at the end for the `container` layer.
//
//   POSTGRES_URL=postgres://postgres@127.0.0.1:54329/postgres node scripts/test-production.mjs
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  backUpLiveDatabase,
  checkGuideFacts,
  checkRestore,
  checkReverseProxy,
} from './lib/operator-checks.mjs';
import { createDatabase } from './lib/postgres.mjs';
import { repoRoot, run, startService, waitForUrl } from './lib/process.mjs';

const PORT = 6190;
const origin = `http://127.0.0.1:${PORT}`;
/** A Firebase project as an organisation has one (made up: nothing signs in during this test). */
const PROJECT_ID = 'tutoring-prod-check';
const adminUrl = new URL(process.env.POSTGRES_URL ?? '');
if (!adminUrl.port) throw new Error('POSTGRES_URL (the test PostgreSQL) is required');

const checks = [];
async function check(name, body) {
  try {
    await body();
    checks.push({ name, ok: true });
    console.log(`  ✔ ${name}`);
  } catch (error) {
    checks.push({ name, ok: false });
    console.error(`  ✖ ${name}\n    ${error instanceof Error ? error.message : error}`);
  }
}

/** The portal built for PROJECT_ID into `outDir`, prerendered and precompressed, as for a host. */
async function buildProductionPortal(outDir) {
  const env = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_API_KEY: 'tutoring-prod-check-web-api-key',
    VITE_FIREBASE_AUTH_EMULATOR_URL: '',
    // The prerender and precompress steps (apps/portal/scripts/) write into the same folder.
    PORTAL_DIST: outDir,
  };
  const steps = [
    ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    ['node', 'scripts/prerender.mjs'],
    ['node', 'scripts/precompress.mjs'],
  ];
  for (const step of steps) {
    if ((await run('pnpm', ['--filter', '@tutoring/portal', 'exec', ...step], { env })) !== 0) {
      throw new Error(`The production portal build failed at: ${step.join(' ')}`);
    }
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'tutoring-production-'));
const deployDir = join(workDir, 'server');
const demoPortal = join(workDir, 'demo-portal');
let server;
try {
  if ((await run('pnpm', ['--filter', '@tutoring/server', 'build'])) !== 0) {
    throw new Error('pnpm --filter @tutoring/server build failed');
  }
  // The deploy's own lockfile is cut from the workspace's (pnpm 12.2+ does so for workspaces
  // without injected packages too): the versions and peer bindings deployed are those tested. The
  // server's one workspace dependency (@tutoring/api, its types) is a development dependency and
  // is not deployed.
  // --no-optional: firebase-admin's optional Firestore and Cloud Storage clients, never loaded
  // (about 150 MB); the Dockerfile deploys the same way.
  const deployed = await run(
    'pnpm',
    ['--filter', '@tutoring/server', 'deploy', '--prod', '--no-optional', deployDir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (deployed !== 0) throw new Error('pnpm deploy --prod failed');

  await check('the deployed folder holds the built server and no development tool', () => {
    assert.ok(existsSync(join(deployDir, 'dist', 'main.js')), 'dist/main.js is missing');
    assert.ok(existsSync(join(deployDir, 'dist', 'portal', 'pages.json')), 'the portal is missing');
    const installed = readdirSync(join(deployDir, 'node_modules', '.pnpm'));
    for (const tool of ['tsx@', 'typescript@', 'vitest@', 'drizzle-kit@', 'esbuild@']) {
      assert.ok(
        !installed.some((name) => name.startsWith(tool)),
        `${tool.slice(0, -1)} was deployed`,
      );
    }
  });

  await check("the deployed packages are the workspace lockfile's, peers bound alike", () => {
    // Each key is a package with the peers it was resolved against: a key the workspace's lockfile
    // lacks is a graph the other layers never ran (a lockfile written by an older pnpm, whose peer
    // binding differs, or a --legacy deploy, which writes no lockfile of its own).
    const snapshots = (file) => {
      const text = readFileSync(file, 'utf8');
      const section = text.slice(text.indexOf('\nsnapshots:\n'));
      return [...section.matchAll(/^ {2}'?([^\s'][^']*?)'?:/gm)].map((match) => match[1]);
    };
    const deployedLockfile = join(deployDir, 'pnpm-lock.yaml');
    assert.ok(existsSync(deployedLockfile), 'the deployed folder has no pnpm-lock.yaml');
    const workspace = new Set(snapshots(join(repoRoot, 'pnpm-lock.yaml')));
    const deployedPackages = snapshots(deployedLockfile);
    assert.ok(deployedPackages.length > 0, 'no package read from the deployed pnpm-lock.yaml');
    const foreign = deployedPackages.filter((key) => !workspace.has(key));
    assert.deepEqual(foreign, [], 'deployed, but not in the workspace pnpm-lock.yaml');
  });

  const database = `tutoring_production_${process.pid}`;
  const databaseUrl = createDatabase(adminUrl, database);
  // A clean environment: what a production host sets, and nothing of the development stack's.
  const productionEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATABASE_URL: databaseUrl.href,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    PUBLIC_URL: origin,
    // Signs the notification e-mails' unsubscribe links; production refuses to start without it.
    NOTIFICATION_SECRET: 'test-production-notification-secret',
    // nginx's address as the server sees it (deploy/nginx.conf, checked below).
    TRUST_PROXY: '127.0.0.1',
  };

  // The deployed portal is the `portal` layer's, built for the emulator's demo project.
  renameSync(join(deployDir, 'dist', 'portal'), demoPortal);
  await check(
    'a portal built for the demo Firebase project is refused: one line, exit 1',
    async () => {
      const refused = startService('refused server', process.execPath, ['dist/main.js'], {
        cwd: deployDir,
        quiet: true,
        env: { ...productionEnv, STATIC_DIR: demoPortal },
      });
      const { code } = await refused.exited;
      const problems = refused
        .output()
        .split('\n')
        .filter((line) => line.startsWith('  - '));
      assert.equal(code, 1, refused.output());
      assert.equal(problems.length, 1, refused.output());
      assert.match(
        problems[0],
        new RegExp(`was built for another Firebase project than FIREBASE_PROJECT_ID=${PROJECT_ID}`),
      );
    },
  );
  await buildProductionPortal(join(deployDir, 'dist', 'portal'));

  server = startService('production server', process.execPath, ['dist/main.js'], {
    cwd: deployDir,
    quiet: true,
    env: productionEnv,
  });
  await waitForUrl(`${origin}/api/healthz`, { timeoutMs: 60_000, service: server });

  await check('the home page is the prerendered portal', async () => {
    const response = await fetch(`${origin}/`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.match(await response.text(), /Go to the Tutor Portal/);
  });

  await check('a tutor route of the portal gets the tutoring shell', async () => {
    const response = await fetch(`${origin}/tutoring`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<div id="root">/);
  });

  await check('the API refuses a call without a token with a JSON 401', async () => {
    const response = await fetch(`${origin}/api/tutor`);
    assert.equal(response.status, 401);
    const body = await response.json();
    assert.equal(body.error.status, 'UNAUTHENTICATED');
  });

  await check('health: live, and ready with every migration applied', async () => {
    const health = await fetch(`${origin}/api/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const readiness = await fetch(`${origin}/api/readyz`);
    assert.equal(readiness.status, 200);
    assert.equal((await readiness.json()).status, 'ready');
  });

  await check('development routes are absent', async () => {
    const response = await fetch(`${origin}/api/dev/outbox`);
    assert.equal(response.status, 404);
  });

  let since = Date.now();
  await checkGuideFacts({ check });
  await checkReverseProxy({
    check,
    workDir,
    serverPort: PORT,
    serverOutput: () => server.output(),
  });
  const dumpFile = join(workDir, 'backup.dump');
  const before = await backUpLiveDatabase({
    check,
    origin,
    deployDir,
    env: productionEnv,
    database,
    adminUrl,
    dumpFile,
  });

  const operatorMs = Date.now() - since;

  await check('SIGTERM stops the server cleanly (exit code 0)', async () => {
    process.kill(server.child.pid, 'SIGTERM');
    const { code } = await Promise.race([
      server.exited,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('still running 10 s after SIGTERM')), 10_000),
      ),
    ]);
    assert.equal(code, 0, server.output().slice(-2000));
  });

  since = Date.now();
  await checkRestore({
    check,
    origin,
    before,
    adminUrl,
    dumpFile,
    startServer: async (restoredUrl) => {
      const restored = startService('restored server', process.execPath, ['dist/main.js'], {
        cwd: deployDir,
        quiet: true,
        // Stopped at once after its checks: no drain to wait out.
        env: { ...productionEnv, DATABASE_URL: restoredUrl, SHUTDOWN_DRAIN_MS: '0' },
      });
      await waitForUrl(`${origin}/api/healthz`, { timeoutMs: 60_000, service: restored });
      return restored;
    },
  });
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `  the guide's checks: ${seconds(operatorMs)} (nginx, backup), ${seconds(Date.now() - since)} (restores)`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  checks.push({ name: 'setup', ok: false });
} finally {
  await server?.stop();
  // The `container` layer builds its image from this folder (DEPLOYED_OUT, set by scripts/test.mjs).
  if (process.env.DEPLOYED_OUT && existsSync(join(deployDir, 'dist', 'portal', 'pages.json'))) {
    renameSync(deployDir, process.env.DEPLOYED_OUT);
  }
  rmSync(workDir, { recursive: true, force: true });
}

const failed = checks.filter((item) => !item.ok).length;
console.log(`production: ${checks.length - failed} passed, ${failed} failed (from ${repoRoot})`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
