// `pnpm bench:api`: the API's hot routes under load on an organisation-scale dataset. Not a test:
// it prints numbers and targets (met / not met) and writes them to bench/results/api-<time>.json.
//
//   pnpm bench:api [--scale 1] [--duration 10] [--connections 50] [--tokens 200]
//                  [--growth] [--plans] [--pglite] [--log-level info] [--server-log file]
//                  [--cpu-prof dir]
//                  [--routes tutor,tutor-304,poll,poll-new,send,announcements,actions,pathway,compressed]
//                  [--hold stack.json] [--pg-setting name=value ...]
//
// PostgreSQL (as the tests start it), the Auth emulator and the server (bench/api/server.mjs, over the
// server built first with `pnpm --filter @tutoring/server build`) are
// started on ports of their own and stopped at the end, on error and on Ctrl-C.
//
// The steps: options.ts reads the command line, dataset.ts sets up and seeds the database,
// servers.ts starts the reference and the server, routes.ts measures each route group (with
// measure.ts), growth.ts and plans.ts are --growth and --plans, report.ts prints and writes.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnvSchema } from '../../apps/server/src/config.ts';
import { FIREBASE_PROJECT_ID, startAuthEmulator } from '../../scripts/lib/emulator.mjs';
import { repoRoot } from '../../scripts/lib/process.mjs';
import { type BenchDatabase, prepareDatabase } from './dataset.ts';
import { measureGrowth } from './growth.ts';
import type { RouteResult } from './measure.ts';
import {
  args,
  connections,
  duration,
  ORG_DOMAIN,
  PORTS,
  pglite,
  pgSettings,
  REFERENCE_POOL_SIZE,
  scale,
  tokenCount,
  warmup,
} from './options.ts';
import { explainRoutes, type RoutePlans } from './plans.ts';
import {
  log,
  makeTemporaryFolder,
  portAnswers,
  stopAll,
  stopOnSignals,
  stops,
} from './processes.ts';
import { printTable, printTargets, type Target, targetsOf, writeResults } from './report.ts';
import { createLoadClient, type LoadClient, measureRoutes, warmUp } from './routes.ts';
import {
  holdForProfiling,
  referenceMeasurement,
  sampleMemory,
  serverEnvironment,
  startServer,
  watchDatabase,
} from './servers.ts';
import { type BenchTutor, mintTokens } from './tokens.ts';

async function main() {
  const report = runSettings();
  log(
    `Benchmark of the API on ${pglite ? 'PGlite' : 'PostgreSQL'}, scale ${scale}${
      Object.keys(pgSettings).length > 0
        ? `, with ${Object.entries(pgSettings)
            .map(([name, value]) => `${name}=${value}`)
            .join(', ')}`
        : ''
    }.`,
  );
  await refuseBusyPorts();
  buildServer();
  const emulatorStarted = startEmulator();
  const database = await prepareDatabase();
  report.dataset = { seconds: database.seedSeconds, counts: database.dataset.counts };
  const emulator = await emulatorStarted;
  const tutors = await mintTokens(emulator.host, database.dataset, tokenCount);
  log(`Minted ID tokens for ${tutors.length} tutors.`);
  if (args.hold) {
    await holdForProfiling(args.hold, {
      databaseUrl: database.url ?? null,
      dataDir: database.url ? null : database.dataDir,
      authEmulatorHost: emulator.host,
      firebaseProjectId: FIREBASE_PROJECT_ID,
      orgDomain: ORG_DOMAIN,
      tutors,
    });
    return;
  }
  writeResults({ ...report, ...(await measure(database, emulator.host, tutors)) });
}

/** What the run was asked to do and with what: the head of the results file. */
function runSettings(): Record<string, unknown> {
  return {
    startedAt: new Date().toISOString(),
    database: pglite ? 'pglite' : 'postgresql',
    scale,
    duration,
    connections,
    serverMode:
      'bench/api/server.mjs (the built server, plain Node): NODE_ENV=development config (emulator tokens accepted, dev SMS provider) with devRoutes=false and responseValidation=log (the production values)',
    logLevel: args['log-level'],
    postgresSettings: pgSettings,
    databasePoolSize: serverEnvSchema.shape.DATABASE_POOL_SIZE.parse(
      process.env.DATABASE_POOL_SIZE,
    ),
    referencePoolSize: REFERENCE_POOL_SIZE,
  };
}

/**
 * A server left running on one of these ports (a --hold session's, one started by hand) would
 * answer the readiness check in place of the one started here, and be measured instead.
 */
async function refuseBusyPorts() {
  for (const [name, port] of Object.entries(PORTS)) {
    if (await portAnswers(port)) {
      throw new Error(`Port ${port} (${name}) is in use on 127.0.0.1: stop what listens there.`);
    }
  }
}

/** The newest change time of a file under `path` (a file or a folder), in ms. */
function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Whether apps/server/dist was built after every change to what it is built from (the sources,
 * the contract, the build's settings): then building again would give the same files. `npm test`'s
 * production layer has just built it when its bench layer runs.
 */
function serverBuildIsCurrent(): boolean {
  const server = join(repoRoot, 'apps/server');
  const built = join(server, 'dist/main.js');
  if (!existsSync(built)) return false;
  const inputs = [
    join(server, 'src'),
    join(server, 'package.json'),
    join(server, 'tsconfig.build.json'),
    join(server, 'scripts/build.mjs'),
    join(repoRoot, 'openapi.yaml'),
  ];
  return statSync(built).mtimeMs > Math.max(...inputs.map(newestChange));
}

/** The server is measured as production runs it: built to JavaScript, on plain Node. */
function buildServer() {
  if (serverBuildIsCurrent()) {
    log('The server build (apps/server/dist) is newer than its sources: not built again.');
    return;
  }
  const build = spawnSync('pnpm', ['--filter', '@tutoring/server', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('pnpm --filter @tutoring/server build failed');
}

function startEmulator() {
  // An emulator already running (npm test's bench layer passes its own): signing in needs only
  // its accounts, which the run creates with their own e-mails.
  const running = process.env.BENCH_AUTH_EMULATOR_HOST;
  if (running) return Promise.resolve({ host: running });
  const emulatorStarted = startAuthEmulator({
    authPort: PORTS.auth,
    hubPort: PORTS.hub,
    loggingPort: PORTS.log,
    timeoutMs: 300_000,
  });
  // It starts while the dataset loads; stopping waits for it to be up (or to have failed).
  stops.push({
    name: 'Auth emulator',
    stop: () => emulatorStarted.then((emulator) => emulator.stop()).catch(() => undefined),
  });
  return emulatorStarted;
}

/** The reference, the server's routes, the reference again, --plans and --growth; printed. */
async function measure(database: BenchDatabase, emulatorHost: string, tutors: BenchTutor[]) {
  const measureReference = referenceMeasurement(database);
  const ref = await measureReference('reference (pk read)');
  const serverEnv = serverEnvironment(database, emulatorHost);
  const server = await startServer(serverEnv);
  const memory = sampleMemory(server.pid);
  if (database.url) await watchDatabase(database.url);
  const client = createLoadClient(`http://127.0.0.1:${PORTS.server}`, tutors);
  log(
    `Server warmed up with 25 sequential calls in ${(await warmUp(client, client.base)).toFixed(1)} s.`,
  );

  const results: RouteResult[] = [ref, ...(await measureRoutes(client, database.url))];
  for (const result of results.slice(1))
    result.ratio = result.requestsPerSecond / ref.requestsPerSecond;
  // The same reference once more after the routes (PostgreSQL: PGlite's folder is the server's
  // now): how much the machine itself drifted during the run. Ratios stay against the first.
  if (database.url) {
    const again = await measureReference('reference again (after)');
    const drift = (100 * (again.requestsPerSecond - ref.requestsPerSecond)) / ref.requestsPerSecond;
    again.note = `the machine's drift during the run: ${drift >= 0 ? '+' : ''}${drift.toFixed(0)} % against the first`;
    results.push(again);
  }
  const rssMb = memory.peakMb();

  log('');
  log(
    `Results (${connections} connections, ${duration} s per route after a ${warmup} s warm-up, ${tutors.length} tutors):`,
  );
  printTable(results);
  log(`Server peak RSS (VmHWM): ${rssMb.toFixed(0)} MB`);

  const targets = targetsOf(results, rssMb);
  const plans: RoutePlans[] = [];
  const growth = await growthAndPlans(database, {
    client,
    serverPid: server.pid,
    serverEnv,
    targets,
    tutors,
    plans,
  });
  printTargets(targets);
  return { tokens: tutors.length, results, peakRssMb: rssMb, targets, growth, plans };
}

/**
 * --plans of the server's routes (before the growth step, which adds the 10x server's), and
 * --growth; the growth record, if it ran.
 */
async function growthAndPlans(
  database: BenchDatabase,
  run: {
    client: LoadClient;
    serverPid: number;
    serverEnv: Record<string, string>;
    targets: Target[];
    tutors: BenchTutor[];
    plans: RoutePlans[];
  },
) {
  const planSetup = {
    databaseUrl: database.url,
    postgresLog: database.postgresLog,
    tutors: run.tutors,
    plans: run.plans,
  };
  let growth: Record<string, unknown> | undefined;
  if (args.growth) {
    if (!database.url || !database.tenXUrl) {
      log('\n--growth needs PostgreSQL (the PGlite data folder is held by the server): skipped.');
    } else {
      if (args.plans) await explainRoutes('', run.client.base, planSetup);
      growth = await measureGrowth({
        ...run,
        tenXDatabaseUrl: database.tenXUrl,
        ...(args.plans
          ? { explainTenX: (target: string) => explainRoutes(' (10x)', target, planSetup) }
          : {}),
      });
    }
  } else if (args.plans) {
    await explainRoutes('', run.client.base, planSetup);
  }
  if (args.plans && !database.url)
    log('\n--plans needs PostgreSQL (auto_explain): skipped on PGlite.');
  return growth;
}

stopOnSignals();
makeTemporaryFolder();
let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
