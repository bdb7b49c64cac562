// The `container` layer of `npm test`: the server's container image (Dockerfile), built and run
// with Debian's podman, as an organisation runs it, against the test PostgreSQL.
//
// What it builds: the Dockerfile's `prebuilt` target, which is its runtime stage (Node on Debian
// slim, the unprivileged user `node`, HEALTHCHECK, exec-form CMD) holding a folder deployed on the
// host exactly as the build stage deploys it (`pnpm --filter @tutoring/server deploy --prod
// --no-optional`, with a portal built for the made-up project tutoring-prod-check): the
// `production` layer's folder when it left one (--deployed), else the production layer's script is
// run first to make it. The build stage itself (pnpm install of the whole workspace) is not run
// here: it would install everything again. No registry is reachable here, so the base image
// (NODE_IMAGE) is a local stand-in for node:24-bookworm-slim: Debian bookworm from apt's own
// mirror (mmdebstrap) with the project's Node and a `node` user, made once and kept in podman's
// storage. podman, runc and mmdebstrap are installed with apt-get when absent.
//
// It checks, before the image: the operator's commands (tutoring-admin) from the deployed folder,
// with production dependencies only; that stopping `pnpm start:prod` stops node; compose.yaml's
// settings; then the image: its user, health check and command; the
// portal, /api/readyz and the integration API with a key made by `tutoring-admin` inside the
// container; and `podman stop`: readiness 503 during the drain, then exit code 0.
//
//   POSTGRES_URL=postgres://postgres@127.0.0.1:54329/postgres node scripts/test-container.mjs \
//     [--deployed <folder>]
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, postgresTool } from './lib/postgres.mjs';
import { read, repoRoot, run, startService, waitForUrl } from './lib/process.mjs';
import { ensurePinnedNode, pinnedNodeVersion, pnpmVersion } from './lib/toolchain.mjs';

const PORT = 6191;
const origin = `http://127.0.0.1:${PORT}`;
const PROJECT_ID = 'tutoring-prod-check';
/** The stand-in for node:24-bookworm-slim; a new Node or recipe makes a new one. */
const BASE_IMAGE = `localhost/tutoring-node:${pinnedNodeVersion}-bookworm-slim-1`;
const IMAGE = 'localhost/tutoring-server:test';
const CONTAINER = `tutoring-container-test-${process.pid}`;
const adminUrl = new URL(process.env.POSTGRES_URL ?? '');
if (!adminUrl.port) throw new Error('POSTGRES_URL (the test PostgreSQL) is required');
const { values } = parseArgs({ options: { deployed: { type: 'string' } } });

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
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command to completion, its output kept; stdin from `input` when given. */
function capture(command, args, options = {}) {
  const { input, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, ...spawnOptions });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => resolve({ code: 127, stdout, stderr: error.message }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout, stderr }));
    child.stdin.end(input);
  });
}

// podman as ARCHITECTURE.md measured it here: runc (crun fails on rlimits and hybrid cgroups),
// cgroupfs, no default ulimits, the host's network.
const podmanDir = mkdtempSync(join(tmpdir(), 'tutoring-podman-'));
writeFileSync(
  join(podmanDir, 'containers.conf'),
  '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\n',
);
const podmanEnv = { ...process.env, CONTAINERS_CONF: join(podmanDir, 'containers.conf') };
const podman = (args, options = {}) =>
  capture('podman', ['--runtime', 'runc', ...args], { env: podmanEnv, ...options });
async function podmanOk(args, what, options = {}) {
  const result = await podman(args, options);
  if (result.code !== 0) throw new Error(`${what} failed:\n${result.stderr.slice(-3000)}`);
  return result.stdout;
}

/** podman, runc and mmdebstrap from Debian, installed when one is missing (as root). */
async function ensureContainerTools() {
  const missing = ['podman', 'runc', 'mmdebstrap'].filter((tool) => !read('which', [tool]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.join(', ')} missing: install them with apt-get (as root).`);
  }
  console.log(`  installing ${missing.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  if (
    (await install()) !== 0 &&
    ((await run('apt-get', ['update', '-q'], { env })) || (await install()))
  ) {
    throw new Error(`apt-get could not install ${missing.join(' ')}`);
  }
}

/**
 * The local stand-in for node:24-bookworm-slim, made once: Debian bookworm (minbase) from the
 * mirror apt uses, the project's Node in /usr/local/bin and the `node` user (uid 1000), as in the
 * official image.
 */
async function ensureBaseImage() {
  if ((await podman(['image', 'exists', BASE_IMAGE])).code === 0) return 'cached';
  const node = await ensurePinnedNode();
  if (!node) throw new Error(`Node ${pinnedNodeVersion} is not in .tools/`);
  const sources = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'].find(
    existsSync,
  );
  if (!sources) throw new Error("No apt sources file to make the base image's Debian from.");
  const tar = join(podmanDir, 'base.tar');
  const built = await run('mmdebstrap', [
    '--quiet',
    '--variant=minbase',
    '--include=ca-certificates',
    `--customize-hook=copy-in ${node} /usr/local/bin`,
    '--customize-hook=chroot "$1" groupadd --gid 1000 node',
    '--customize-hook=chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    'bookworm',
    tar,
    sources,
  ]);
  if (built !== 0) throw new Error('mmdebstrap could not make the base image');
  await podmanOk(
    [
      'import',
      '--change',
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--change',
      'CMD ["node"]',
      tar,
      BASE_IMAGE,
    ],
    'podman import',
  );
  rmSync(tar, { force: true });
  return 'made';
}

/** The deployed server with the production portal: --deployed, else the production layer's. */
async function deployedFolder(workDir) {
  const given = values.deployed;
  const complete = (dir) =>
    existsSync(join(dir, 'dist', 'main.js')) &&
    existsSync(join(dir, 'dist', 'portal', 'pages.json'));
  if (given && complete(given)) return given;
  console.log('  no deployed folder given: running the production layer to make one');
  const dir = join(workDir, 'deployed');
  await run('node', ['scripts/test-production.mjs'], {
    env: { ...process.env, DEPLOYED_OUT: dir },
  });
  if (!complete(dir)) throw new Error('The production layer left no deployed folder.');
  return dir;
}

/** A GET on a connection of its own (as a load balancer's check makes), or the error's code. */
function getOnNewConnection(path) {
  return new Promise((resolve) => {
    const request = get(`${origin}${path}`, { agent: false, timeout: 3000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', (error) => resolve(error.code ?? 'error'));
  });
}

/** What a production host sets (the image sets NODE_ENV, HOST and PORT itself). */
function serverEnv(databaseUrl) {
  return {
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    PUBLIC_URL: origin,
    NOTIFICATION_SECRET: 'test-container-notification-secret',
  };
}

/** The operator's commands from the deployed folder, production dependencies only. */
async function checkAdminCommands(deployDir, databaseUrl) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    ...serverEnv(databaseUrl),
  };
  // The bin itself (its #! line), as `npm install -g` or a symlink on PATH would run it.
  const admin = (args, input) =>
    capture(join(deployDir, 'dist', 'admin', 'main.js'), args, { cwd: deployDir, env, input });
  const ok = async (args, input) => {
    const result = await admin(args, input);
    assert.equal(result.code, 0, `tutoring-admin ${args.join(' ')}:\n${result.stderr}`);
    return result.stdout;
  };
  await check('tutoring-admin migrate, from the deployed folder', async () => {
    assert.match(await ok(['migrate']), /has all \d+ migrations of this build/);
  });
  await check('tutoring-admin keys create, list, revoke (an unknown scope refused)', async () => {
    const created = await ok(['keys', 'create', '--name', 'crm', '--scope', 'read students:write']);
    assert.match(created, /^tpk_[A-Za-z0-9_-]{43}$/m);
    const refused = await admin(['keys', 'create', '--name', 'x', '--scope', 'everything']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /not everything/);
    assert.match(await ok(['keys', 'list']), /^crm +read students:write +tpk_/m);
    assert.match(await ok(['keys', 'revoke', '--name', 'crm']), /Revoked crm/);
    assert.match(await ok(['keys', 'list']), /REVOKED/);
  });
  await check('tutoring-admin import: --header, --dry-run, then the import', async () => {
    const csv = readFileSync(join(repoRoot, 'apps/server/import-examples/tutors.csv'));
    assert.match(await ok(['import', 'tutors', '--header']), /^recordId,tutorCode,/);
    assert.match(await ok(['import', 'tutors', '-', '--dry-run'], csv), /are valid \(dry run/);
    assert.match(await ok(['import', 'tutors', '-'], csv), /imported in .*created/);
    const invalid = await admin(['import', 'tutors', '-'], 'recordId,name\nx,y\n');
    assert.equal(invalid.code, 1, invalid.stderr);
  });
  await check('tutoring-admin seed: not over data; a usage error exits 2', async () => {
    assert.match(await ok(['seed']), /has data: not seeding/);
    assert.equal((await admin(['keys', 'rotate'])).code, 2);
  });
}

/**
 * `pnpm start:prod` from the repository's root (pnpm, a shell, pnpm again, a shell, node): a
 * SIGTERM to the outer pnpm reaches node (each script `exec`s the next), which stops, so nothing
 * is left running. The built server is the `production` layer's build, with the production portal.
 */
async function checkStartProd(deployDir, databaseUrl) {
  await check(
    'SIGTERM to `pnpm start:prod` stops node itself: exit 0, no process left',
    async () => {
      const server = startService('pnpm start:prod', 'pnpm', ['start:prod'], {
        quiet: true,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...serverEnv(databaseUrl),
          HOST: '127.0.0.1',
          PORT: String(PORT),
          STATIC_DIR: join(deployDir, 'dist', 'portal'),
          SHUTDOWN_DRAIN_MS: '0',
        },
      });
      try {
        await waitForUrl(`${origin}/api/readyz`, { timeoutMs: 60_000, service: server });
        const nodePid = Number(server.output().match(/"pid":(\d+)/)?.[1]);
        assert.ok(nodePid > 0 && nodePid !== server.child.pid, 'no pid of node in the log');
        process.kill(server.child.pid, 'SIGTERM'); // pnpm alone, not its process group
        const { code } = await Promise.race([
          server.exited,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('pnpm still runs')), 15_000),
          ),
        ]);
        assert.equal(code, 0, server.output().slice(-2000));
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.throws(() => process.kill(nodePid, 0), /ESRCH/, `node ${nodePid} is still running`);
        assert.equal(await getOnNewConnection('/api/healthz'), 'ECONNREFUSED');
      } finally {
        await server.stop();
      }
    },
  );
}

/**
 * compose.yaml, which this machine cannot run (no registry for postgres:17): its server is this
 * Dockerfile's, sets only the server's variables, waits out the drain and the shutdown timeout, and
 * every setting it reads is in deploy/compose.env.example.
 */
async function checkComposeFile() {
  await check("compose.yaml: the server's variables, a grace period past the drain", () => {
    const { parse } = createRequire(join(repoRoot, 'apps/server/package.json'))('yaml');
    const text = readFileSync(join(repoRoot, 'compose.yaml'), 'utf8');
    const { server, postgres } = parse(text).services;
    assert.equal(server.build.context, '.');
    assert.equal(postgres.healthcheck.test[0], 'CMD-SHELL');
    assert.equal(server.depends_on.postgres.condition, 'service_healthy');
    const known = readFileSync(join(repoRoot, 'apps/server/.env.example'), 'utf8');
    for (const name of Object.keys(server.environment)) {
      assert.match(known, new RegExp(`^# ${name}=`, 'm'), `${name} is not a server variable`);
    }
    // SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS at their defaults, 5 s and 10 s.
    assert.ok(Number.parseInt(server.stop_grace_period, 10) > 15, server.stop_grace_period);
    const settings = readFileSync(join(repoRoot, 'deploy/compose.env.example'), 'utf8');
    for (const [, name] of text.matchAll(/\$\{([A-Z_]+)/g)) {
      assert.match(settings, new RegExp(`^#? ?${name}=`, 'm'), `${name} is not in the example`);
    }
  });
}

/** The image's user, health check and command, as `podman image inspect` reads them. */
async function checkImageConfig() {
  await check('the image: user node, HEALTHCHECK on /api/healthz, exec-form CMD', async () => {
    const [image] = JSON.parse(await podmanOk(['image', 'inspect', IMAGE], 'podman image inspect'));
    const config = image.Config;
    assert.equal(config.User, 'node');
    // podman reports the health check beside the configuration, Docker inside it.
    const healthcheck = image.Healthcheck ?? config.Healthcheck;
    assert.match(healthcheck?.Test?.join(' ') ?? 'none', /^CMD node .*\/api\/healthz/);
    assert.deepEqual(config.Cmd.slice(0, 1), ['node']);
    assert.ok(!config.Entrypoint?.length, `an entrypoint wraps the command: ${config.Entrypoint}`);
    assert.equal(config.StopSignal ?? 'SIGTERM', 'SIGTERM');
  });
}

/** The running container: portal, readiness, health check, the user, the operator's command. */
async function checkRunningContainer() {
  await check('the portal and /api/readyz answer from the container', async () => {
    const home = await fetch(`${origin}/`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /Go to the Tutor Portal/);
    const readiness = await fetch(`${origin}/api/readyz`);
    assert.equal(readiness.status, 200);
    assert.equal((await readiness.json()).status, 'ready');
  });
  await check('the HEALTHCHECK passes; node is process 1, not root', async () => {
    await podmanOk(['healthcheck', 'run', CONTAINER], 'podman healthcheck run');
    const processOne = await podmanOk(['exec', CONTAINER, 'cat', '/proc/1/cmdline'], 'exec');
    assert.match(processOne.split('\0')[0], /^node$/);
    assert.equal((await podmanOk(['exec', CONTAINER, 'id', '-u'], 'exec')).trim(), '1000');
  });
  await check('tutoring-admin inside the container makes a key the API accepts', async () => {
    const created = await podmanOk(
      ['exec', CONTAINER, 'tutoring-admin', 'keys', 'create', '--name', 'ops', '--scope', 'read'],
      'tutoring-admin keys create',
    );
    const key = created.match(/^tpk_[A-Za-z0-9_-]{43}$/m)?.[0];
    assert.ok(key, created);
    const audit = await fetch(`${origin}/api/integration/v1/audit`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(audit.status, 200, await audit.text());
    const refused = await fetch(`${origin}/api/integration/v1/audit`, {
      headers: { authorization: `Bearer tpk_${'x'.repeat(43)}` },
    });
    assert.equal(refused.status, 401);
  });
}

/** `podman stop`: readiness 503 on new connections during the drain, then exit code 0. */
async function checkStop() {
  await check('podman stop: readiness 503 while draining, then exit code 0', async () => {
    const started = Date.now();
    const stopping = podman(['stop', CONTAINER]);
    let draining;
    while (Date.now() - started < 4000) {
      const [readiness, liveness] = [
        await getOnNewConnection('/api/readyz'),
        await getOnNewConnection('/api/healthz'),
      ];
      if (readiness === 503 && liveness === 200) {
        draining = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(
      draining !== undefined,
      'readiness never answered 503 while new connections were served',
    );
    const stopped = await stopping;
    assert.equal(stopped.code, 0, stopped.stderr);
    const state = await podmanOk(
      ['inspect', CONTAINER, '--format', '{{.State.ExitCode}}'],
      'podman inspect',
    );
    assert.equal(state.trim(), '0');
    console.log(`    503 after ${draining} ms; stopped in ${seconds(started)}`);
  });
}

const workDir = mkdtempSync(join(tmpdir(), 'tutoring-container-'));
const databases = [];
try {
  let since = Date.now();
  await ensureContainerTools();
  const base = await ensureBaseImage();
  console.log(`  base image ${BASE_IMAGE}: ${base} (${seconds(since)})`);
  const deployDir = await deployedFolder(workDir);

  const cliDatabase = `tutoring_container_cli_${process.pid}`;
  databases.push(cliDatabase);
  const cliDatabaseUrl = createDatabase(adminUrl, cliDatabase).href;
  await checkAdminCommands(deployDir, cliDatabaseUrl);

  await checkStartProd(deployDir, cliDatabaseUrl);
  await checkComposeFile();
  await check("the Dockerfile's pnpm is package.json's packageManager", () => {
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    assert.match(
      dockerfile,
      new RegExp(`^ARG PNPM_VERSION=${pnpmVersion.replace(/\./g, '\\.')}$`, 'm'),
    );
  });

  since = Date.now();
  const context = join(workDir, 'context');
  mkdirSync(context);
  await podmanOk(
    [
      'build',
      '--quiet',
      // Docker's image format: the OCI format has no HEALTHCHECK.
      '--format',
      'docker',
      '--file',
      join(repoRoot, 'Dockerfile'),
      '--target',
      'prebuilt',
      '--build-context',
      `deployed=${deployDir}`,
      '--build-arg',
      `NODE_IMAGE=${BASE_IMAGE}`,
      '--tag',
      IMAGE,
      context,
    ],
    'podman build',
  );
  console.log(`  built ${IMAGE} (${seconds(since)})`);
  await checkImageConfig();

  const database = `tutoring_container_${process.pid}`;
  databases.push(database);
  const env = {
    ...serverEnv(createDatabase(adminUrl, database).href),
    HOST: '127.0.0.1',
    PORT: String(PORT),
  };
  since = Date.now();
  await podmanOk(
    [
      'run',
      '--detach',
      '--name',
      CONTAINER,
      '--network',
      'host',
      ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      IMAGE,
    ],
    'podman run',
  );
  await waitForUrl(`${origin}/api/healthz`, { timeoutMs: 60_000 });
  console.log(`  the container answers (${seconds(since)})`);
  await checkRunningContainer();
  await checkStop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  checks.push({ name: 'setup', ok: false });
  const logs = await podman(['logs', '--tail', '40', CONTAINER]);
  if (logs.code === 0) console.error(logs.stdout + logs.stderr);
} finally {
  await podman(['rm', '--force', '--time', '0', CONTAINER]);
  // The base image stays (made once); the server's image is made again by every run.
  await podman(['rmi', '--force', IMAGE]);
  for (const name of databases) postgresTool(adminUrl, 'dropdb', ['--if-exists', name]);
  rmSync(workDir, { recursive: true, force: true });
  rmSync(podmanDir, { recursive: true, force: true });
}

const failed = checks.filter((item) => !item.ok).length;
console.log(`container: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
