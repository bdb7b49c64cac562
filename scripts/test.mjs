// `npm test`: every test layer, cheapest first; four of them run beside the e2e layer (besideLayers).
// Every layer runs even when an earlier one failed, so one run shows every failure; the exit code
// is non-zero when any layer failed.
//
//   node scripts/test.mjs [--only name,name]   run some layers (names below)
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAuthEmulator } from './lib/emulator.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { onShutdown, repoRoot, run } from './lib/process.mjs';
import { buildPortal, emulatorHostOf } from './stack.mjs';

// Ports of the test run, apart from `npm start`'s, so both can run at once.
const TEST_AUTH_EMULATOR = { authPort: 9199, hubPort: 4490, loggingPort: 4590 };
const TEST_POSTGRES_PORT = 54329;

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : null;

// The services' start promises: layers that run side by side (below) ask for them at once, and
// each service starts once.
const services = { emulator: null, postgres: null, stackPortal: null };
function emulator() {
  services.emulator ??= startAuthEmulator(TEST_AUTH_EMULATOR);
  return services.emulator;
}
function postgres() {
  services.postgres ??= startPostgres({ port: TEST_POSTGRES_PORT });
  return services.postgres;
}
/**
 * The portal built once for the test run's emulator, which the e2e stack and the benchmarks' smoke
 * pass both serve (read only) from this folder: one build of the same code for the same emulator
 * instead of one each (about 35 s of the two cores).
 */
function stackPortal() {
  const dir = join(repoRoot, 'apps/portal/dist-test');
  services.stackPortal ??= buildPortal(dir, emulatorHostOf(TEST_AUTH_EMULATOR.authPort)).then(
    () => dir,
  );
  return services.stackPortal;
}
/**
 * The production layer's deployed server, which the container layer builds its image from and the
 * instances layer runs twice.
 */
const deployedDir = join(mkdtempSync(join(tmpdir(), 'tutoring-test-deployed-')), 'server');
async function stopServices() {
  await (await services.emulator?.catch(() => null))?.stop();
  await (await services.postgres?.catch(() => null))?.stop();
  rmSync(dirname(deployedDir), { recursive: true, force: true });
}
onShutdown(stopServices);

/** The house checks' own tests (scripts/lint/*.test.mjs), named one by one for node --test. */
const lintCheckTests = () =>
  readdirSync(join(repoRoot, 'scripts/lint'))
    .filter((name) => name.endsWith('.test.mjs'))
    .map((name) => join('scripts/lint', name));

const pnpm = (args, env = {}) => run('pnpm', args, { env: { ...process.env, CI: 'true', ...env } });

/** Each layer resolves to an exit code. */
const layers = [
  [
    'lint',
    "Biome (lint, format, import rules), the house's own checks and their tests",
    async () => {
      // Every check runs, so one run shows every broken rule.
      const codes = [
        await pnpm(['exec', 'biome', 'ci', '.']),
        await run('node', ['scripts/lint/hand-written-layout.mjs']),
        await run('node', ['scripts/lint/ui-wire-names.mjs']),
        await run('node', ['--test', ...lintCheckTests()]),
      ];
      return codes.find((code) => code !== 0) ?? 0;
    },
  ],
  [
    'typecheck',
    "TypeScript strict, every project, with TypeScript 7's native compiler",
    () => pnpm(['run', 'typecheck']),
  ],
  [
    'contract',
    'openapi.yaml: Redocly recommended rules',
    () => pnpm(['exec', 'redocly', 'lint', 'openapi.yaml']),
  ],
  [
    'api',
    'packages/api: generated types, client, callables',
    () => pnpm(['--filter', '@tutoring/api', 'test']),
  ],
  [
    'server-pglite',
    'apps/server on PGlite',
    async () =>
      pnpm(['--filter', '@tutoring/server', 'test'], {
        FIREBASE_AUTH_EMULATOR_HOST: (await emulator()).host,
      }),
  ],
  [
    'server-postgres',
    'apps/server on PostgreSQL',
    async () =>
      pnpm(['--filter', '@tutoring/server', 'test'], {
        FIREBASE_AUTH_EMULATOR_HOST: (await emulator()).host,
        DATABASE_URL: (await postgres()).url,
      }),
  ],
  [
    'portal',
    'apps/portal: unit tests, build, size budget',
    async () => {
      const tests = await pnpm(['--filter', '@tutoring/portal', 'test']);
      const build = await pnpm(['--filter', '@tutoring/portal', 'build']);
      // The budgets are measured on the build just made (`size` would build once more).
      const size = build === 0 ? await pnpm(['--filter', '@tutoring/portal', 'size:check']) : 1;
      return tests || build || size;
    },
  ],
  [
    'storybook',
    'Storybook: play functions, axe, layout guard and screenshots at 1280/390 px (screens also 768)',
    // @storybook/addon-vitest in Vitest's browser mode (.storybook/vitest.config.ts); CI=true:
    // one run, no watch, and a missing baseline fails instead of being written.
    () => pnpm(['test-storybook']),
  ],
  [
    'production',
    'the built server, deployed with production dependencies only, on plain Node and PostgreSQL',
    async (stdio) =>
      run('node', ['scripts/test-production.mjs'], {
        stdio,
        // The deployed folder is left there for the `container` layer's image.
        env: { ...process.env, POSTGRES_URL: (await postgres()).url, DEPLOYED_OUT: deployedDir },
      }),
  ],
  [
    'bench',
    'a smoke pass of bench:api and bench:web: each completes and writes its results (no timing judged)',
    async (stdio) => {
      // Both benchmarks sign in on the test run's emulator; bench:web serves e2e's portal build.
      const { host } = await emulator();
      return run('node', ['scripts/test-bench-smoke.mjs', '--portal-dist', await stackPortal()], {
        stdio,
        env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host },
      });
    },
  ],
  [
    'container',
    "the server's image (Dockerfile) built and run with podman on PostgreSQL; tutoring-admin",
    async (stdio) =>
      run(
        'node',
        [
          'scripts/test-container.mjs',
          ...(existsSync(deployedDir) ? ['--deployed', deployedDir] : []),
        ],
        { stdio, env: { ...process.env, POSTGRES_URL: (await postgres()).url } },
      ),
  ],
  [
    'instances',
    'two instances of the built server on one PostgreSQL behind HAProxy: caches, limits, rolling restart',
    async (stdio) =>
      run(
        'node',
        [
          'scripts/test-instances.mjs',
          ...(existsSync(deployedDir) ? ['--deployed', deployedDir] : []),
        ],
        {
          stdio,
          env: {
            ...process.env,
            POSTGRES_URL: (await postgres()).url,
            FIREBASE_AUTH_EMULATOR_HOST: (await emulator()).host,
          },
        },
      ),
  ],
  [
    'e2e',
    'Playwright over the whole stack',
    async () => {
      await emulator(); // the stack finds it running and reuses it
      // The run's portal build carries that emulator's address: a stack moved to other ports
      // (E2E_PORT_OFFSET) starts an emulator of its own and builds for it.
      const ownPorts = Number(process.env.E2E_PORT_OFFSET ?? 0) !== 0;
      return pnpm(
        ['--filter', '@tutoring/e2e', 'test'],
        ownPorts ? {} : { E2E_PORTAL_DIST: await stackPortal() },
      );
    },
  ],
];

/**
 * Layers that run one after the other beside the main line, from where the list reaches them: the
 * deployed server, the benchmarks' smoke pass, the server's image and the two instances (250-380 s,
 * much of it waiting on builds, podman and servers), run while the e2e layer does, whose tests wait
 * on the browser and the servers for much of their time. Their output is kept in a file and
 * printed in one piece when each ends.
 * Nothing of theirs meets e2e's: their own ports, databases on the test run's PostgreSQL or their
 * own (e2e's stack runs on PGlite), their own servers and data, and accounts of their own on the
 * shared Auth emulator; bench:web serves the portal build e2e's stack serves (stackPortal), read
 * only. The bench layer second, after production, whose server build bench:api reuses: beside e2e,
 * that part of the run (production, bench, container, instances, e2e) took 427 s against 394 s
 * without, then in the other order 405 s without against 404 s with; when it built a portal of its
 * own it had cost 102-119 s, and it was left out of the default run.
 */
const besideLayers = new Set(['production', 'container', 'instances', 'bench']);

async function runBeside(name, title, runLayer) {
  const logFile = join(dirname(deployedDir), `${name}.log`);
  const fd = openSync(logFile, 'w');
  const layerStart = Date.now();
  let code;
  try {
    code = await runLayer(['ignore', fd, fd]);
  } catch (error) {
    writeSync(fd, `${error instanceof Error ? error.message : error}\n`);
    code = 1;
  }
  closeSync(fd);
  const seconds = Math.round((Date.now() - layerStart) / 1000);
  console.log(`\n━━ ${name}: ${title} (ran beside the next layers; its output)`);
  console.log(readFileSync(logFile, 'utf8').trimEnd());
  console.log(`━━ ${name}: ${code === 0 ? 'passed' : 'failed'} in ${seconds} s`);
  return { name, code, seconds };
}

const results = [];
const started = Date.now();
let besideLine = Promise.resolve();
for (const [name, title, runLayer] of layers) {
  if (only && !only.has(name)) continue;
  if (besideLayers.has(name)) {
    console.log(`\n━━ ${name}: starts beside the next layers (its output comes when it ends)`);
    besideLine = besideLine.then(async () => results.push(await runBeside(name, title, runLayer)));
    continue;
  }
  console.log(`\n━━ ${name}: ${title}`);
  const layerStart = Date.now();
  let code;
  try {
    code = await runLayer('inherit');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 1;
  }
  results.push({ name, code, seconds: Math.round((Date.now() - layerStart) / 1000) });
}
await besideLine;
await stopServices();

const order = layers.map(([name]) => name);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
console.log('\n━━ Summary');
for (const { name, code, seconds } of results) {
  console.log(`${code === 0 ? '✔' : '✖'} ${name.padEnd(16)} ${String(seconds).padStart(4)} s`);
}
const failed = results.filter((result) => result.code !== 0).length;
console.log(`Total ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`\nlayers: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
