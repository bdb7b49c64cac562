// The servers a run measures: the reference (a bare primary-key read) and the server itself
// (bench/api/server.mjs over the built server), with its memory sampled and, on PostgreSQL, the
// database watched for queries still in flight between runs.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { FIREBASE_PROJECT_ID } from '../../scripts/lib/emulator.mjs';
import type { BenchDatabase } from './dataset.ts';
import { cpuAccounts, load, type RouteResult, rotating, watchDatabaseActivity } from './measure.ts';
import { args, ORG_DOMAIN, PORTS, REFERENCE_POOL_SIZE } from './options.ts';
import { log, readMemory, startNode, stops, tmpPath, waitForServer } from './processes.ts';

/** Where the servers find the database: PostgreSQL's URL, or PGlite's data folder. */
export function databaseEnv(database: BenchDatabase): Record<string, string> {
  return database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir };
}

/**
 * A measurement of the reference, on each call: run alone, then stopped (PGlite allows one
 * process per data folder). Its requests read the tutors in turn, over the calls too.
 */
export function referenceMeasurement(database: BenchDatabase) {
  const nextTutorId = rotating(database.dataset.tutors.map((tutor) => tutor.id));
  return async (name: string): Promise<RouteResult> => {
    const reference = startNode(
      'reference server',
      'bench/api/reference.ts',
      {
        ...databaseEnv(database),
        PORT: String(PORTS.reference),
        REFERENCE_POOL_SIZE: String(REFERENCE_POOL_SIZE),
      },
      tmpPath('reference.log'),
    );
    const accounted = cpuAccounts.serverPid;
    try {
      await waitForServer(
        `http://127.0.0.1:${PORTS.reference}/ref/tutor/${database.dataset.tutors[0]?.id}`,
        reference,
      );
      cpuAccounts.serverPid = reference.pid;
      return await load(name, `http://127.0.0.1:${PORTS.reference}`, 'GET', '/', (request) => ({
        ...request,
        path: `/ref/tutor/${nextTutorId()}`,
      }));
    } finally {
      cpuAccounts.serverPid = accounted;
      await reference.stop();
    }
  };
}

/** The server's environment: the development configuration on the benchmark's ports. */
export function serverEnvironment(
  database: BenchDatabase,
  emulatorHost: string,
): Record<string, string> {
  return {
    ...databaseEnv(database),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(PORTS.server),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID,
    ORG_DOMAIN,
    LOG_LEVEL: args['log-level'] as string,
    SEED: 'false',
    TWILIO_ACCOUNT_SID: '',
    TWILIO_AUTH_TOKEN: '',
    // The send route is measured as it goes out, whatever the hour: at night in the organisation's
    // zone, families' quiet hours would hold every text instead (a different, shorter path).
    FAMILY_QUIET_HOURS: 'none',
    // The load sends and reads far more than any tutor or staff system would: the limits are
    // still counted on every call (their cost is measured) but never reached.
    TEXT_LIMIT_PER_FAMILY_PER_HOUR: '1000000000',
    TEXT_LIMIT_PER_TUTOR_PER_DAY: '1000000000',
    INTEGRATION_CALLS_PER_MINUTE: '1000000000',
  };
}

/** Node or V8 flags of the server's process (--server-node-options). */
export const serverNodeArgs = args['server-node-options']?.split(' ').filter(Boolean) ?? [];

/** The server, ready, with its CPU charged to it from now on. */
export async function startServer(serverEnv: Record<string, string>) {
  const cpuProfileDir = args['cpu-prof'];
  const server = startNode(
    'server',
    'bench/api/server.mjs',
    serverEnv,
    args['server-log'] ?? tmpPath('server.log'),
    [
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
      ...serverNodeArgs,
    ],
  );
  await waitForServer(`http://127.0.0.1:${PORTS.server}/api/portal-announcement`, server);
  cpuAccounts.serverPid = server.pid;
  return server;
}

/** Samples the process's memory every 200 ms; peakMb() is its peak RSS so far, in MB. */
export function sampleMemory(pid: number) {
  let peakRss = 0;
  let peakHwm = 0;
  const sampler = setInterval(() => {
    const memory = readMemory(pid);
    if (!memory) return;
    peakRss = Math.max(peakRss, memory.rss);
    peakHwm = Math.max(peakHwm, memory.hwm);
  }, 200);
  stops.push({ name: 'memory sampler', stop: async () => clearInterval(sampler) });
  return {
    peakMb() {
      const memory = readMemory(pid);
      peakHwm = Math.max(peakHwm, memory?.hwm ?? 0);
      return Math.max(peakHwm, peakRss) / 1024 / 1024;
    },
  };
}

/** On PostgreSQL, settle() waits until no query of the server's is still active. */
export async function watchDatabase(databaseUrl: string) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'bench-monitor',
  });
  await client.connect();
  stops.push({ name: 'database monitor', stop: () => client.end() });
  watchDatabaseActivity(async () => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()
           AND application_name NOT LIKE 'bench-%'`,
    );
    return rows[0]?.n ?? 0;
  });
}

/** --hold: writes what a server and a load started by hand need, then waits for Ctrl-C. */
export async function holdForProfiling(file: string, stack: Record<string, unknown>) {
  writeFileSync(file, `${JSON.stringify(stack, null, 2)}\n`);
  log(`Holding: the stack is described in ${file}. Ctrl-C stops it.`);
  await new Promise(() => undefined); // the SIGINT handler stops everything and exits
}
