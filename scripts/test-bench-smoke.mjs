// `npm test`'s bench layer: a smoke pass of each benchmark, so that a change that breaks one fails
// the suite instead of landing unseen (issue 38). It checks only that each run completes, exits 0
// and writes a results file with a measurement of every route and screen it was asked for; it never
// judges a number (these machines are shared: speed is the benchmarks' own business).
//
//   node scripts/test-bench-smoke.mjs [--web-port-offset N] [--portal-dist dir]
//
// It runs beside the e2e layer, so nothing of it may meet e2e's stack: bench:web starts its server
// (with data of its own) on ports of its own (offset 20: 8300, apart from e2e's 8180+ and
// bench:web's default 8280); bench:api starts its own PostgreSQL and server on its ports. With
// --portal-dist, bench:web serves that portal build (npm test's: the one its e2e stack serves, made
// by this run for the same emulator) instead of building one; read only, by both.
// Both sign in through the test run's Auth emulator when given one (FIREBASE_AUTH_EMULATOR_HOST),
// as e2e's two servers do: its accounts are identities, each stack's data its own. Without one,
// each starts an emulator of its own (bench:web's on 9319).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, run } from './lib/process.mjs';

const { values } = parseArgs({
  options: {
    'web-port-offset': { type: 'string', default: '20' },
    'portal-dist': { type: 'string' },
  },
});
const resultsDir = join(repoRoot, 'bench/results');
const resultFiles = (prefix) =>
  existsSync(resultsDir)
    ? readdirSync(resultsDir).filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
    : [];

/** Runs a benchmark and returns the results file it wrote (parsed), or the reason it failed. */
async function runBenchmark(prefix, args, env) {
  const before = new Set(resultFiles(prefix));
  const code = await run('pnpm', args, { env: { ...process.env, CI: 'true', ...env } });
  if (code !== 0) return { failure: `pnpm ${args.join(' ')} exited with ${code}` };
  const written = resultFiles(prefix).filter((name) => !before.has(name));
  if (written.length !== 1) {
    return { failure: `expected one new bench/results/${prefix}*.json, found ${written.length}` };
  }
  return { file: written[0], json: JSON.parse(readFileSync(join(resultsDir, written[0]), 'utf8')) };
}

const failures = [];
// The test run's Auth emulator, when there is one: both benchmarks sign in on it (with accounts of
// their own stacks' data) instead of starting a Java emulator each beside the e2e layer.
const emulatorEnv = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? { BENCH_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST }
  : {};

// bench:api at a small scale, a quarter second per route (and as long a warm-up) on two connections
// (the smoke pass only needs every route to answer, and it shares the cores with e2e): every
// route answered, none with an error.
const api = await runBenchmark(
  'api-',
  ['bench:api', '--scale', '0.02', '--duration', '0.25', '--connections', '2', '--tokens', '20'],
  emulatorEnv,
);
if (api.failure) failures.push(`bench:api: ${api.failure}`);
else {
  const { results } = api.json;
  if (!Array.isArray(results) || results.length < 3) {
    failures.push(`bench:api: ${api.file} has ${results?.length ?? 'no'} route results`);
  }
  for (const route of results ?? []) {
    if (!(route.total > 0) || route.errors !== 0) {
      failures.push(
        `bench:api: route '${route.name}' measured ${route.total} requests, ${route.errors} errors`,
      );
    }
  }
}

// bench:web --smoke: one Lighthouse route and one signed-in screen, once each, on the portal built
// by this run (--portal-dist) or one it builds (never --skip-build: a build left by an earlier run
// may be of other code).
const portalDist = values['portal-dist'];
const web = await runBenchmark(
  'web-',
  ['bench:web', '--smoke', ...(portalDist === undefined ? [] : ['--portal-dist', portalDist])],
  {
    BENCH_PORT_OFFSET: values['web-port-offset'],
    ...emulatorEnv,
  },
);
if (web.failure) failures.push(`bench:web: ${web.failure}`);
else {
  const routes = web.json.lighthouse?.routes ?? [];
  const screens = web.json.screens?.results ?? [];
  if (routes.length !== 1 || !routes[0].runs?.every((r) => typeof r.score === 'number')) {
    failures.push(`bench:web: ${web.file} lacks the Lighthouse route's score`);
  }
  // Issue 39: the cold visit and the return visit, each measured.
  const measured = (visit) =>
    visit?.runs?.length > 0 && visit.runs.every((r) => typeof r.shownMs === 'number');
  if (screens.length !== 1 || !measured(screens[0].cold) || !measured(screens[0].return)) {
    failures.push(`bench:web: ${web.file} lacks the screen's cold or return measurement`);
  }
}

for (const failure of failures) console.error(`✖ ${failure}`);
if (failures.length === 0) {
  console.log(`✔ both benchmarks ran and wrote ${api.file} and ${web.file}`);
}
process.exit(failures.length === 0 ? 0 : 1);
