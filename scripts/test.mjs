// `npm test`: every test layer, cheapest first; three of them run beside the e2e layer (besideLayers).
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

// Ports of the test run, apart from `npm start`'s, so both can run at once.
const TEST_AUTH_EMULATOR = { authPort: 9199, hubPort: 4490, loggingPort: 4590 };
const TEST_POSTGRES_PORT = 54329;

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : null;

// The services' start promises: layers that run side by side (below) ask for them at once, and
// each service starts once.
const services = { emulator: null, postgres: null };
function emulator() {
  services.emulator ??= startAuthEmulator(TEST_AUTH_EMULATOR);
  return services.emulator;
}
function postgres() {
  services.postgres ??= startPostgres({ port: TEST_POSTGRES_PORT });
  return services.postgres;
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
      // bench:api signs in through it; bench:web starts a stack of its own, emulator included.
      const { host } = await emulator();
      return run('node', ['scripts/test-bench-smoke.mjs'], {
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
      return pnpm(['--filter', '@tutoring/e2e', 'test']);
    },
  ],
];

/**
 * Layers run only when named with --only: the benchmarks' smoke pass, beside e2e, made e2e 75 s
 * slower and the suite 1,205 s from a fresh clone (FRESH35), over the 20 minutes; at nice 19, on
 * the test run's emulator and with bench:api on 2 connections, e2e still took 502 s (437 s alone).
 * With e2e on two workers and bench:web on the test run's emulator too, the e2e part of the run
 * (production, container, instances, e2e) took 475 s with it and 356 s without, the same hour;
 * with it second in the line beside e2e (after production, whose server build bench:api reuses)
 * and a quarter second per route, 482 s against 380 s: a suite of 912-978 s would take about
 * 1,080 s, and CI has run up to 89 s over the local time.
 */
const optInLayers = new Set(['bench']);

/**
 * Layers that run one after the other beside the main line, from where the list reaches them: the
 * deployed server, its image and the two instances (150-280 s, much of it waiting on builds,
 * podman and servers), and the benchmarks' smoke pass when named, run while the e2e layer does,
 * whose tests wait on the browser and the servers for much of their time. Their output is kept in
 * a file and printed in one piece when each ends.
 * Nothing of theirs meets e2e's: their own ports, databases on the test run's PostgreSQL or their
 * own (e2e's stack runs on PGlite), their own portal builds, and accounts of their own on the
 * shared Auth emulator.
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
  if (only ? !only.has(name) : optInLayers.has(name)) continue;
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
