// Issue 37, item 4: fail fast without the database. A PostgreSQL server of this test's own is
// stopped for real (pg_ctl stop: its connections end, its port refuses) for 45 s while a light
// load calls the API (GET /api/tutor, 5 a second) and a load balancer polls /api/readyz (4 a
// second). Every API call answers 503 UNAVAILABLE with the contract's error body within 3 s,
// readiness 503 within 1 s, and both answer 200 again once PostgreSQL is back, without a restart.
// The longest answers are printed. PostgreSQL only: the server-postgres layer runs it.
import { type AddressInfo, createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/lib/postgres.mjs';
import { buildApp } from '../src/app.ts';
import { DEMO_TUTOR_EMAILS } from '../src/seed/demo.ts';
import { testConfig } from './support/app.ts';
import { onPostgres } from './support/database.ts';
import { googleIdToken } from './support/emulator.ts';

const OUTAGE_MS = Number(process.env.OUTAGE_TEST_MS ?? 45_000);
const API_LIMIT_MS = 3000;
const READY_LIMIT_MS = 1000;
/** How long the server may take to answer 200 again once PostgreSQL accepts connections. */
const RECOVERY_LIMIT_MS = 5000;

/** A port nothing listens on now (the OS's pick). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Kind = 'api' | 'ready';
interface Answer {
  kind: Kind;
  /** When the request was sent, from the start of the load (ms). */
  at: number;
  ms: number;
  status: number;
  body: unknown;
}

describe.runIf(onPostgres())('a 45 s PostgreSQL outage', () => {
  let postgres: TestPostgres;
  let app: FastifyInstance;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    postgres = await startPostgres({ port: await freePort() });
    app = await buildApp(testConfig({ databaseUrl: postgres.url, seed: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
  });
  afterAll(async () => {
    await app?.close();
    await postgres?.stop();
  });

  it(
    'API calls answer 503 within 3 s, readiness within 1 s, and both recover',
    async () => {
      const started = performance.now();
      const clock = () => performance.now() - started;
      const answers: Promise<Answer>[] = [];
      const call = (kind: Kind) => {
        const at = clock();
        answers.push(
          fetch(`${origin}${kind === 'api' ? '/api/tutor' : '/api/readyz'}`, {
            headers: kind === 'api' ? { authorization: `Bearer ${token}` } : {},
            // Far beyond the limits, so that a hang is measured rather than cut short.
            signal: AbortSignal.timeout(60_000),
          }).then(
            async (response) => ({
              kind,
              at,
              ms: clock() - at,
              status: response.status,
              body: await response.json(),
            }),
            (error: unknown) => ({ kind, at, ms: clock() - at, status: 0, body: String(error) }),
          ),
        );
      };
      const timers = [setInterval(() => call('api'), 200), setInterval(() => call('ready'), 250)];
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const latest = async (kind: Kind) => {
        const settled = await Promise.all(answers);
        return settled.filter((answer) => answer.kind === kind).at(-1)?.status;
      };
      let phases: { down: number; up: number; back: number };
      try {
        await sleep(2000);
        const down = clock();
        await postgres.stopServer();
        await sleep(OUTAGE_MS);
        const up = clock();
        await postgres.startServer();
        const back = clock();
        phases = { down, up, back };
        // Recovered: the latest answers of both kinds are 200 again.
        await expect
          .poll(async () => [await latest('api'), await latest('ready')], {
            timeout: RECOVERY_LIMIT_MS,
            interval: 250,
          })
          .toEqual([200, 200]);
        await sleep(1000);
      } finally {
        for (const timer of timers) clearInterval(timer);
      }
      const settled = await Promise.all(answers);

      const longest = (kind: Kind, from: number, to: number) =>
        Math.round(
          Math.max(
            0,
            ...settled.filter((a) => a.kind === kind && a.at >= from && a.at < to).map((a) => a.ms),
          ),
        );
      const during = settled.filter((a) => a.at >= phases.down && a.at < phases.back);
      console.log(
        `database outage of ${Math.round((phases.up - phases.down) / 1000)} s: ${during.length} answers; ` +
          `longest API answer ${longest('api', phases.down, phases.back)} ms, ` +
          `longest readiness answer ${longest('ready', phases.down, phases.back)} ms; ` +
          `longest of the whole run ${longest('api', 0, Infinity)} / ${longest('ready', 0, Infinity)} ms`,
      );

      // Every answer that breaks a rule, so that a failure shows them all.
      const broken: string[] = [];
      const breaks = (answer: Answer, rule: string) =>
        broken.push(`${rule}: ${JSON.stringify(answer)}`);
      for (const answer of settled) {
        const limit = answer.kind === 'api' ? API_LIMIT_MS : READY_LIMIT_MS;
        // Before the outage: everything answers.
        if (answer.at < phases.down - 300 && answer.status !== 200)
          breaks(answer, 'not 200 before');
        // Whenever: within the limit, and 200 or the contract's 503 (no 500, no dropped call).
        if (answer.ms > limit) breaks(answer, `slower than ${limit} ms`);
        if (answer.status !== 200 && answer.status !== 503) breaks(answer, 'neither 200 nor 503');
        const error = (answer.body as { error?: { status?: unknown; message?: unknown } }).error;
        if (
          answer.status === 503 &&
          (error?.status !== 'UNAVAILABLE' ||
            typeof error.message !== 'string' ||
            /ECONNREFUSED|stack|\bat \w+ \(/.test(JSON.stringify(answer.body)))
        ) {
          breaks(answer, "not the contract's 503 body");
        }
        // While PostgreSQL is stopped: 503.
        const stopped = answer.at >= phases.down + 1000 && answer.at + answer.ms < phases.up;
        if (stopped && answer.status !== 503) breaks(answer, 'not 503 while PostgreSQL is stopped');
      }
      expect(broken).toEqual([]);
      const stopped = settled.filter((a) => a.at >= phases.down + 1000 && a.at + a.ms < phases.up);
      expect(stopped.length).toBeGreaterThan(OUTAGE_MS / 200);
    },
    60_000 + OUTAGE_MS,
  );
});
