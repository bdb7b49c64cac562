// Load: autocannon runs of one route, on one server or on several in alternating slices, with the
// answers' times, the answers' statuses and the CPU each process spent per request.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { connections, duration, settlePauseMs, warmup } from './options.ts';
import { log } from './processes.ts';

/** One route's numbers, as printed and written. */
export interface RouteResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  notModified: number;
  errors: number;
  ratio?: number;
  note?: string;
  /** CPU time per answered request, in µs, of each process (see cpuSnapshot). */
  cpuPerRequest?: { server: number; postgres: number; loadGenerator: number };
}

// ── CPU per request: where a route's cost lands on this 2-core machine. The server, the database
// and autocannon (in this process) share the cores, so a route's req/s is bounded by the sum of
// the three; the split says which one to work on. Read from /proc (user + system time). ──
const clockTicksPerSecond =
  Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** utime + stime of a process, and (for the postmaster) of its children that have exited. */
function processCpuMs(pid: number, withExitedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name, from 0: state, ppid, …; utime is the 14th field of the line (12).
    const ticks =
      Number(fields[11]) +
      Number(fields[12]) +
      (withExitedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return (ticks * 1000) / clockTicksPerSecond;
  } catch {
    return 0;
  }
}

/** The postmaster and every process it started (backends, checkpointer, WAL writer…). */
function postgresCpuMs(postmasterPid: number): number {
  let total = processCpuMs(postmasterPid, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) total += processCpuMs(Number(entry));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return total;
}

/** The processes whose CPU the next runs are charged to; the server's changes after the reference. */
export const cpuAccounts: { serverPid?: number; postmasterPid?: number } = {};

function cpuSnapshot() {
  const own = process.cpuUsage();
  return {
    server: cpuAccounts.serverPid ? processCpuMs(cpuAccounts.serverPid) : 0,
    postgres: cpuAccounts.postmasterPid ? postgresCpuMs(cpuAccounts.postmasterPid) : 0,
    loadGenerator: (own.user + own.system) / 1000,
  };
}

export type RequestSetup = (request: autocannon.Request) => autocannon.Request;

/**
 * One autocannon run of `seconds` at the benchmark's connections. With `latencies`, every answer's
 * time is pushed there: autocannon's own percentiles are whole milliseconds (its histogram records
 * integers), and at a p50 of 8 ms one step is 12 %, too coarse for the growth target.
 */
function runAutocannon(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  setup: RequestSetup,
  seconds: number,
  latencies?: number[],
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [{ method, path, setupRequest: setup }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // (@types/autocannon leaves out the client, the first of the event's arguments.)
    if (latencies) {
      instance.on('response', (...args: unknown[]) => {
        latencies.push(Number(args[3]));
      });
    }
  });
}

type CpuSpent = ReturnType<typeof cpuSnapshot>;

/** The time each process spent between two snapshots, in ms. */
function cpuBetween(before: CpuSpent, after: CpuSpent): CpuSpent {
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    loadGenerator: after.loadGenerator - before.loadGenerator,
  };
}

/** CPU time per answered request, in µs, of each process, from the ms they spent on `total`. */
function cpuPerRequestOf(spent: CpuSpent, total: number): RouteResult['cpuPerRequest'] {
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, total));
  return {
    server: perRequest(spent.server),
    postgres: cpuAccounts.postmasterPid ? perRequest(spent.postgres) : 0,
    loadGenerator: perRequest(spent.loadGenerator),
  };
}

/** What a run was answered: a 304 (an unchanged poll revalidated) is a success, not a non-2xx. */
function answersOf(result: autocannon.Result) {
  const codes = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats;
  const notModified = codes?.['304']?.count ?? 0;
  return {
    total: result.requests.total,
    non2xx: result.non2xx - notModified,
    notModified,
    errors: result.errors + result.timeouts,
  };
}

export async function load(
  name: string,
  base: string,
  method: 'GET' | 'POST',
  path: string,
  setup: RequestSetup,
  seconds = duration,
): Promise<RouteResult> {
  const run = (time: number, latencies?: number[]) =>
    runAutocannon(base, method, path, setup, time, latencies);
  await run(warmup);
  await settle();
  const latencies: number[] = [];
  const cpuBefore = cpuSnapshot();
  const result = await run(seconds, latencies);
  const cpuAfter = cpuSnapshot();
  await settle();
  const answers = answersOf(result);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...answers,
    cpuPerRequest: cpuPerRequestOf(cpuBetween(cpuBefore, cpuAfter), answers.total),
  };
}

/** One of the servers a route is measured on in turn (--growth: the dataset at 1x and at 10x). */
export interface Side {
  name: string;
  base: string;
  pid: number;
  setup: RequestSetup;
}

/**
 * The same route on several servers in alternating slices (A B, B A, …) of `sliceSeconds`, so a
 * machine that slows down or speeds up during the run weighs on every side alike; one result per
 * side, from all its slices together. A warm-up of each side first.
 */
export async function loadInterleaved(
  sides: Side[],
  method: 'GET' | 'POST',
  path: string,
  rounds: number,
  sliceSeconds: number,
): Promise<RouteResult[]> {
  const accounted = cpuAccounts.serverPid;
  const tallies = sides.map(() => ({
    latencies: [] as number[],
    seconds: 0,
    total: 0,
    non2xx: 0,
    notModified: 0,
    errors: 0,
    cpu: { server: 0, postgres: 0, loadGenerator: 0 },
  }));
  try {
    for (const side of sides) {
      await runAutocannon(side.base, method, path, side.setup, warmup);
      await settle();
    }
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const tally = tallies[sides.indexOf(side)] as (typeof tallies)[number];
        cpuAccounts.serverPid = side.pid;
        const cpuBefore = cpuSnapshot();
        const result = await runAutocannon(
          side.base,
          method,
          path,
          side.setup,
          sliceSeconds,
          tally.latencies,
        );
        const spent = cpuBetween(cpuBefore, cpuSnapshot());
        const answers = answersOf(result);
        tally.seconds += sliceSeconds;
        for (const key of ['total', 'non2xx', 'notModified', 'errors'] as const) {
          tally[key] += answers[key];
        }
        for (const key of ['server', 'postgres', 'loadGenerator'] as const) {
          tally.cpu[key] += spent[key];
        }
        await settle();
      }
    }
  } finally {
    cpuAccounts.serverPid = accounted;
  }
  return sides.map((side, index) => {
    const tally = tallies[index] as (typeof tallies)[number];
    return {
      name: side.name,
      requestsPerSecond: tally.total / Math.max(1, tally.seconds),
      p50: percentile(tally.latencies, 50),
      p99: percentile(tally.latencies, 99),
      total: tally.total,
      non2xx: tally.non2xx,
      notModified: tally.notModified,
      errors: tally.errors,
      cpuPerRequest: cpuPerRequestOf(tally.cpu, tally.total),
    };
  });
}

let databaseActivity: (() => Promise<number>) | undefined;
/** How many of the server's queries are active in PostgreSQL, for settle() to wait on. */
export function watchDatabaseActivity(count: () => Promise<number>): void {
  databaseActivity = count;
}

/**
 * A pause between runs, so requests still in flight when autocannon stopped are done: on
 * PostgreSQL until no other client's query is active (a slow route can leave a backlog of tens of
 * seconds that would land on the next route's numbers), at most 3 minutes.
 */
export async function settle() {
  await new Promise((resolve) => setTimeout(resolve, settlePauseMs));
  if (!databaseActivity) return;
  const started = Date.now();
  while (Date.now() - started < 180_000 && (await databaseActivity()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const waited = (Date.now() - started) / 1000;
  if (waited > 2)
    log(`  (waited ${waited.toFixed(0)} s for the server's queries in flight to finish)`);
}

export function rotating<T>(items: T[]) {
  let next = 0;
  return () => items[next++ % items.length] as T;
}

/** The nearest-rank percentile of the answers' times, in ms to one decimal; 0 when none came. */
function percentile(milliseconds: readonly number[], rank: number): number {
  if (milliseconds.length === 0) return 0;
  const sorted = Float64Array.from(milliseconds).sort();
  const index = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1),
  );
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}
