// --growth: GET /tutor and the unchanged poll on the dataset as it is and on its copy with 10x
// the sessions and messages, each on a server of its own, in alternating slices. Measured one
// after the other, with the machine's drift taken out by a reference before and after, the same
// build read +1 % in one run and +33 % in the next: the machine slowed during the routes at 10x
// only (the load generator's CPU per request rose by a fifth on the same work) and the
// references around them did not catch it. Side by side, any slowing weighs on both.
import pg from 'pg';
import { multiplyActivity } from '../../apps/server/src/seed/organisation-scale.ts';
import { loadInterleaved, type RequestSetup, type RouteResult } from './measure.ts';
import { duration, PORTS } from './options.ts';
import { log, startNode, tmpPath, waitForServer } from './processes.ts';
import { pad, sound, type Target } from './report.ts';
import { auth, fetchEtags, type LoadClient, pollRequest, warmUp } from './routes.ts';
import { serverNodeArgs } from './servers.ts';

export interface GrowthSetup {
  client: LoadClient;
  /** The pid of the server on the dataset as it is (at `client.base`). */
  serverPid: number;
  serverEnv: Record<string, string>;
  tenXDatabaseUrl: string;
  /** Where the growth targets go. */
  targets: Target[];
  /** --plans of the 10x server's routes. */
  explainTenX?: (target: string) => Promise<void>;
}

/** The growth step; its record for the results file. */
export async function measureGrowth(setup: GrowthSetup) {
  log('\nGrowth: multiplying tutoring sessions and messages by 10 in the copy…');
  const counts = await multiplyCopy(setup.tenXDatabaseUrl);
  // The second server's memory is not the benchmark's RSS figure: it exists for this only.
  const baseTenX = `http://127.0.0.1:${PORTS.serverTenX}`;
  const serverTenX = startNode(
    'server (10x)',
    'bench/api/server.mjs',
    { ...setup.serverEnv, DATABASE_URL: setup.tenXDatabaseUrl, PORT: String(PORTS.serverTenX) },
    tmpPath('server-10x.log'),
    serverNodeArgs,
  );
  try {
    await waitForServer(`${baseTenX}/api/portal-announcement`, serverTenX);
    await warmUp(setup.client, baseTenX);
    const rounds = 6;
    const sliceSeconds = Math.max(1, Math.round(duration / 4));
    log(
      `Both datasets side by side: ${rounds} rounds of ${sliceSeconds} s on each, in alternating order.`,
    );
    const tenX = { base: baseTenX, pid: serverTenX.pid };
    const measured = await measureSideBySide(setup, tenX, rounds, sliceSeconds);
    const rows = reportGrowth(measured, setup.targets);
    await setup.explainTenX?.(baseTenX);
    return { counts, rounds, sliceSeconds, rows };
  } finally {
    await serverTenX.stop();
  }
}

/** Multiplies the copy's sessions and messages by 10; the tables' new row counts. */
async function multiplyCopy(tenXDatabaseUrl: string) {
  const client = new pg.Client({ connectionString: tenXDatabaseUrl });
  await client.connect();
  const grown = Date.now();
  let counts: Record<string, number>;
  try {
    counts = await multiplyActivity(client, 10);
    // The copies left gigabytes of dirty pages: written out now, not by a checkpoint in the
    // middle of the measurement after them (which made the same run's growth swing from
    // -19 % to +67 %).
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
  log(`  done in ${((Date.now() - grown) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  return counts;
}

/** GET /tutor, then the unchanged poll, each on both servers in alternating slices. */
async function measureSideBySide(
  setup: GrowthSetup,
  tenX: { base: string; pid: number },
  rounds: number,
  sliceSeconds: number,
) {
  const { client } = setup;
  const base = client.base;
  const sides = (setupFor: (target: string) => RequestSetup, name: string) => [
    { name, base, pid: setup.serverPid, setup: setupFor(base) },
    { name: `${name} (10x)`, base: tenX.base, pid: tenX.pid, setup: setupFor(tenX.base) },
  ];
  const tutorSides = await loadInterleaved(
    sides(() => (request) => ({ ...request, headers: auth(client.nextTutor()) }), 'GET /tutor'),
    'GET',
    '/api/tutor',
    rounds,
    sliceSeconds,
  );
  await fetchEtags(client.chats, base);
  await fetchEtags(client.chats, tenX.base);
  const pollSides = await loadInterleaved(
    sides(
      (target) => (request) => pollRequest(client.nextChat(), request, target),
      'POST /tutor/messages (unchanged)',
    ),
    'POST',
    '/api/tutor/messages',
    rounds,
    sliceSeconds,
  );
  return [tutorSides, pollSides];
}

/** Prints a row per route (1x against 10x) and adds its growth target. */
function reportGrowth(measured: RouteResult[][], targets: Target[]) {
  log('');
  log(
    `${'route'.padEnd(36)}${pad('p50 1x', 8)}${pad('p50 10x', 9)}${pad('growth', 9)}${pad('req/s 1x', 10)}${pad('req/s 10x', 11)}   CPU µs/request 1x -> 10x: server, db  target <= +20 %`,
  );
  return measured.map((sides) => {
    const [one, ten] = sides as [RouteResult, RouteResult];
    const ok = sound(one) && sound(ten);
    // No answer at all: every request timed out (autocannon's 10 s), growth beyond measure.
    const growthPct = ten.total === 0 ? Infinity : (ten.p50 / Math.max(one.p50, 0.1) - 1) * 100;
    const cpu = (result: RouteResult) =>
      `${result.cpuPerRequest?.server}, ${result.cpuPerRequest?.postgres}`;
    log(
      `${one.name.padEnd(36)}${pad(one.p50, 8)}${pad(ten.total === 0 ? 'timeout' : ten.p50, 9)}${pad(ten.total === 0 ? 'n/a' : `${growthPct.toFixed(0)} %`, 9)}${pad(one.requestsPerSecond.toFixed(0), 10)}${pad(ten.requestsPerSecond.toFixed(0), 11)}   ${cpu(one)} -> ${cpu(ten)}  ${growthPct <= 20 && ok ? 'met' : 'NOT MET'}${ok ? '' : ` (${one.non2xx + ten.non2xx} non-2xx, ${one.errors + ten.errors} errors)`}`,
    );
    targets.push({
      target: `${one.name} p50 growth at 10x <= 20 %`,
      actual:
        ten.total === 0
          ? 'no answer within 10 s'
          : `${growthPct.toFixed(0)} % (p50 ${one.p50} -> ${ten.p50} ms, side by side)`,
      met: growthPct <= 20 && ok,
    });
    return { oneX: one, tenX: ten, growthPct };
  });
}
