// The `instances` layer of `npm test`: two instances of the built server on one PostgreSQL
// database behind Debian's HAProxy (round robin, health checks on /api/readyz), as an organisation
// runs several. It checks that
// - an integration write through either instance is read at once through both (the shared-read
//   caches are dropped in every instance through LISTEN/NOTIFY, apps/server/src/app/shared-reads.ts);
// - the integration API's calls per minute and the texts per family per hour hold across both;
// - texts left queued are handed to the SMS provider once each although both resenders run;
// - a rolling restart (stop A, start A, stop B, start B) under a light load of tutors sending
//   texts and polling their chats fails no request, and every text the client saw acknowledged is
//   stored and handed to the SMS provider exactly once.
//
// The instances run the deployed folder (production dependencies only; the `production` layer's
// when given with --deployed, else built and deployed here) under NODE_ENV=test rules, not
// production's: tutors sign in through the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, which
// production refuses), and texts go to the development SMS provider, whose outbox table
// (dev_sms_outbox) records each hand-off, so "handed to the provider exactly once" is counted
// there. Everything else that matters here (the database, the drain, LISTEN/NOTIFY, the resender,
// the limits) works as in production. HAProxy is installed with apt-get when absent (as root).
//
//   POSTGRES_URL=postgres://postgres@127.0.0.1:54329/postgres FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 \
//     node scripts/test-instances.mjs [--deployed <folder>]
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, postgresTool } from './lib/postgres.mjs';
import { read, repoRoot, run, startService, waitForUrl } from './lib/process.mjs';

const PORTS = { a: 6195, b: 6196, proxy: 6197 };
const proxy = `http://127.0.0.1:${PORTS.proxy}`;
const direct = { a: `http://127.0.0.1:${PORTS.a}`, b: `http://127.0.0.1:${PORTS.b}` };
const HAPROXY = '/usr/sbin/haproxy';
/** The drain: readiness 503 while the listener still accepts, long enough for HAProxy to see it. */
const DRAIN_MS = 1500;
/** HAProxy's health check interval: a draining instance is out after one failed check. */
const CHECK_MS = 300;
const CALLS_PER_MINUTE = 20;
const TEXTS_PER_FAMILY_PER_HOUR = 10;
const LOAD_WORKERS = 4;
const STUDENTS_PER_WORKER = 20;

const adminUrl = new URL(process.env.POSTGRES_URL ?? '');
if (!adminUrl.port) throw new Error('POSTGRES_URL (the test PostgreSQL) is required');
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST (the Auth emulator) is required');
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
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until HAProxy sends a request to instance `name` (its checks have seen it ready twice;
 * round robin alternates, so a request or two through the proxy show it) and returns how long.
 */
async function backInRotation(name, timeoutMs = 20_000) {
  const since = Date.now();
  while (Date.now() - since < timeoutMs) {
    const response = await fetch(`${proxy}/api/readyz`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.headers.get('x-served-by') === name) return Date.now() - since;
    await sleep(CHECK_MS / 3);
  }
  throw new Error(`HAProxy sent no request to instance ${name} within ${timeoutMs} ms`);
}
/**
 * Waits, when needed, until a fixed window of the server's limits (rate-limit.ts: minutes and
 * hours from the epoch) has `ms` left, so that a check's calls all fall in one window.
 */
async function withinOneWindow(windowMs, ms) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < ms) await sleep(left + 50);
}

/** HAProxy from Debian, installed when missing (as root; the package's service is not used). */
async function ensureHaproxy() {
  if (read(HAPROXY, ['-v']) !== null) return;
  if (process.getuid?.() !== 0) throw new Error('haproxy missing: apt-get install haproxy (root).');
  console.log('  installing haproxy with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'haproxy'], { env });
  if (
    (await install()) !== 0 &&
    ((await run('apt-get', ['update', '-q'], { env })) || (await install()))
  ) {
    throw new Error('apt-get could not install haproxy');
  }
}

/**
 * Round robin over both instances, each checked on /api/readyz every CHECK_MS and out after one
 * failure, back after two successes; a connection to an instance per request (no reuse of idle
 * ones an instance may be closing). A stopping instance answers 503 there at once and keeps
 * accepting for SHUTDOWN_DRAIN_MS (DRAIN_MS, longer than a check interval), so HAProxy stops
 * sending it requests before it stops listening: that is what this test checks, so a request is
 * never retried on the other instance (`retries 0`, no redispatch; an operator may add them as a
 * second safeguard). Without the drain, the rolling restart fails requests here (measured with
 * DRAIN_MS 0: HAProxy's 503 "No server is available" for requests it sent to an instance that had
 * already stopped listening).
 */
function haproxyConfig() {
  return `global
    maxconn 256
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    # A check's answer may take this long: without it HAProxy waits \`inter\` (${CHECK_MS} ms) for the
    # answer, and on a busy machine (beside e2e and the benchmarks) a slow readyz took an instance
    # out of the rotation (fall 1) with nothing wrong with it. A stopping instance answers 503 at
    # once, so the rolling restart is not slowed by it.
    timeout check 2s
    retries 0
    option http-server-close
    http-reuse never
frontend tutoring
    bind 127.0.0.1:${PORTS.proxy}
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /api/readyz
    http-check expect status 200
    default-server inter ${CHECK_MS} fall 1 rise 2
    # Which instance answered (the test checks the round robin with it).
    http-response set-header x-served-by %s
    server a 127.0.0.1:${PORTS.a} check
    server b 127.0.0.1:${PORTS.b} check
`;
}

/** An ID token of a Google sign-in from the Auth emulator (test/support/emulator.ts's way). */
async function googleIdToken(email) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const googleToken = `${part({ alg: 'none', typ: 'JWT' })}.${part({
    sub: `google-${email}`,
    email,
    email_verified: true,
    name: email.split('@')[0],
  })}.`;
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${googleToken}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const json = await response.json();
  if (!json.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(json)}`);
  return json.idToken;
}

const workDir = mkdtempSync(join(tmpdir(), 'tutoring-instances-'));
const started = Date.now();
const instances = {};
let haproxy;
let database;
try {
  await ensureHaproxy();
  let deployDir = values.deployed;
  if (!deployDir || !existsSync(join(deployDir, 'dist', 'main.js'))) {
    deployDir = join(workDir, 'server');
    if ((await run('pnpm', ['--filter', '@tutoring/server', 'build'])) !== 0) {
      throw new Error('pnpm --filter @tutoring/server build failed');
    }
    const deployArgs = ['deploy', '--prod', '--no-optional', deployDir];
    const deployed = await run('pnpm', ['--filter', '@tutoring/server', ...deployArgs], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (deployed !== 0) throw new Error('pnpm deploy --prod failed');
  }

  // A database of its own on the test PostgreSQL.
  database = `tutoring_instances_${process.pid}`;
  const databaseUrl = createDatabase(adminUrl, database);
  /** One SQL statement's rows, tab-separated. */
  const sql = (statement) => {
    const out = postgresTool(adminUrl, 'psql', [
      '-d',
      database,
      '-AtXq',
      '-F',
      '\t',
      '-c',
      statement,
    ]);
    if (out === null) throw new Error(`psql failed: ${statement}`);
    return out === '' ? [] : out.split('\n').map((line) => line.split('\t'));
  };

  const env = (port) => ({
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl.href,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SEED: 'false',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    TEXT_RESEND_INTERVAL_MS: '500',
    INTEGRATION_CALLS_PER_MINUTE: String(CALLS_PER_MINUTE),
    TEXT_LIMIT_PER_FAMILY_PER_HOUR: String(TEXTS_PER_FAMILY_PER_HOUR),
    TEXT_LIMIT_PER_TUTOR_PER_DAY: '10000',
    FAMILY_QUIET_HOURS: 'none',
  });
  const start = async (name) => {
    const since = Date.now();
    instances[name] = startService(`instance ${name}`, process.execPath, ['dist/main.js'], {
      cwd: deployDir,
      quiet: true,
      env: env(PORTS[name]),
    });
    await waitForUrl(`${direct[name]}/api/readyz`, { timeoutMs: 60_000, service: instances[name] });
    return Date.now() - since;
  };
  // A starts first (it applies the migrations); B finds them applied.
  await start('a');
  await start('b');

  const haproxyCfg = join(workDir, 'haproxy.cfg');
  writeFileSync(haproxyCfg, haproxyConfig());
  assert.notEqual(
    read(HAPROXY, ['-c', '-q', '-f', haproxyCfg]),
    null,
    'haproxy -c refused the configuration',
  );
  haproxy = startService('haproxy', HAPROXY, ['-db', '-f', haproxyCfg], { quiet: true });
  await waitForUrl(`${proxy}/api/readyz`, { timeoutMs: 10_000, service: haproxy });

  // The integration keys (tutoring-admin, as an operator makes them) and the data.
  const createKey = (name) => {
    const out = read(
      process.execPath,
      ['dist/admin/main.js', 'keys', 'create', '--name', name, '--scope', 'write'],
      {
        cwd: deployDir,
        env: env(0),
      },
    );
    const key = out?.match(/tpk_[A-Za-z0-9_-]{43}/)?.[0];
    if (!key) throw new Error(`tutoring-admin keys create ${name} failed`);
    return key;
  };
  const keys = { crm: createKey('crm'), limited: createKey('limited') };
  const integration = (path, body, key = keys.crm, origin = proxy) =>
    fetch(`${origin}/api/integration/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = 'robin.instances@tutoring.example.org';
  const wrote = async (response) => {
    assert.equal(response.status, 200, await response.clone().text());
    return response;
  };
  const tutorRow = {
    recordId: 'tutor-1',
    tutorCode: 'T-1',
    firstName: 'Robin',
    lastName: 'Instances',
    email,
  };
  await wrote(await integration('tutors', { rows: [tutorRow] }));
  const studentCount = LOAD_WORKERS * STUDENTS_PER_WORKER + 2;
  await wrote(
    await integration('students', {
      rows: Array.from({ length: studentCount }, (_, index) => ({
        recordId: `student-${index}`,
        studentCode: `S-${index}`,
        firstName: 'Sam',
        lastName: `Student ${index}`,
        tutorRecordId: 'tutor-1',
        forwardingNumber: `+1555019${String(1000 + index).slice(-4)}`,
        guardianPhone: `+1555029${String(1000 + index).slice(-4)}`,
      })),
    }),
  );
  const studentIds = Object.fromEntries(
    sql('select external_record_id, id from students').map(([recordId, id]) => [recordId, id]),
  );
  const token = await googleIdToken(email);
  const tutorCall = (path, body, origin = proxy, headers = {}) =>
    fetch(`${origin}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  await check('HAProxy spreads requests over both instances, round robin', async () => {
    const servedBy = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await tutorCall('/tutor');
      assert.equal(response.status, 200);
      servedBy.push(response.headers.get('x-served-by'));
    }
    assert.equal(servedBy.join(' '), servedBy[0] === 'a' ? 'a b a b a b' : 'b a b a b a');
  });

  await check(
    'an integration write through the proxy is read at once through both instances',
    async () => {
      const subjects = async (origin) => {
        const response = await tutorCall('/portal-announcement', undefined, origin);
        assert.equal(response.status, 200);
        return (await response.json()).announcements.map((each) => each.subject);
      };
      const weekly = async (origin) => {
        const response = await tutorCall('/tutor', undefined, origin);
        assert.equal(response.status, 200);
        return (await response.json()).weeklyAnnouncements.map((each) => each.title);
      };
      // Both hold a copy.
      assert.deepEqual([await subjects(direct.a), await subjects(direct.b)], [[], []]);
      assert.deepEqual([await weekly(direct.a), await weekly(direct.b)], [[], []]);
      // Each write answers once the writer's own notification is back; the other instance's
      // comes at the same time, asynchronously: how long until both show it is measured (polled
      // every 10 ms, at most 1 s; without the notifications, 30 s: the copies' age limit).
      const lags = [];
      let firstReads = 0;
      const untilBoth = async (read, first) => {
        const since = Date.now();
        let seen = [await read(direct.a), await read(direct.b)];
        let rounds = 1;
        while (seen.some((list) => list[0] !== first) && Date.now() - since < 1000) {
          await sleep(10);
          seen = [await read(direct.a), await read(direct.b)];
          rounds += 1;
        }
        if (rounds === 1) firstReads += 1;
        assert.deepEqual(
          seen.map((list) => list[0]),
          [first, first],
          `after 1 s: ${JSON.stringify(seen)}`,
        );
        lags.push(Date.now() - since);
      };
      for (let index = 0; index < 6; index += 1) {
        const subject = `Announcement ${index}`;
        await wrote(
          await integration('portal-announcements', {
            rows: [
              {
                recordId: `pa-${index}`,
                subject,
                message: `<p>${subject}</p>`,
                createdAt: new Date(Date.UTC(2026, 10, 25, 10, index)).toISOString(),
              },
            ],
          }),
        );
        await untilBoth(subjects, subject);
      }
      await wrote(
        await integration('weekly-announcements', {
          rows: [
            {
              recordId: 'wa-1',
              title: 'Office hours',
              content: '<p>Fridays</p>',
              createdAt: '2026-11-26T08:00:00.000Z',
            },
          ],
        }),
      );
      await untilBoth(weekly, 'Office hours');
      console.log(
        `    ${lags.length} writes, through both instances in turn: both showed ${firstReads} of them ` +
          `on the first reads after the answer; each seen by both after ${lags.join(', ')} ms`,
      );
    },
  );

  await check(
    `the integration API's ${CALLS_PER_MINUTE} calls per minute hold across both instances`,
    async () => {
      await withinOneWindow(60_000, 10_000);
      const statuses = [];
      for (let index = 0; index < CALLS_PER_MINUTE + 6; index += 1) {
        const response = await integration('tutors', { rows: [tutorRow] }, keys.limited);
        statuses.push(response.status);
      }
      const count = (status) => statuses.filter((each) => each === status).length;
      assert.deepEqual(
        { ok: count(200), limited: count(429) },
        { ok: CALLS_PER_MINUTE, limited: 6 },
        statuses.join(' '),
      );
    },
  );

  await check(
    `${TEXTS_PER_FAMILY_PER_HOUR} texts per family per hour hold across both instances`,
    async () => {
      const studentId = studentIds[`student-${studentCount - 1}`];
      await withinOneWindow(3_600_000, 10_000);
      const statuses = [];
      for (let index = 0; index < TEXTS_PER_FAMILY_PER_HOUR + 3; index += 1) {
        const response = await tutorCall('/tutor/send-message', {
          studentId,
          message: `limit ${index}`,
        });
        statuses.push(response.status);
      }
      const count = (status) => statuses.filter((each) => each === status).length;
      assert.deepEqual(
        { sent: count(201), limited: count(429) },
        { sent: TEXTS_PER_FAMILY_PER_HOUR, limited: 3 },
        statuses.join(' '),
      );
      const handed = sql(`select count(*) from dev_sms_outbox where body like 'limit %'`)[0][0];
      assert.equal(Number(handed), TEXTS_PER_FAMILY_PER_HOUR);
    },
  );

  await check(
    'texts left queued are handed to the provider once each, with both resenders running',
    async () => {
      const studentId = studentIds[`student-${studentCount - 2}`];
      const queued = 30;
      // Texts whose server stopped between storing and sending them (delivery.ts's resender work).
      sql(`insert into messages (student_id, tutor_id, body, from_tutor, delivery_status, sent_at)
      select '${studentId}', (select id from tutors where email = '${email}'), 'left queued ' || n,
        true, 'queued', now() - interval '10 minutes' from generate_series(1, ${queued}) as n`);
      const deadline = Date.now() + 15_000;
      let waiting = queued;
      while (Date.now() < deadline && waiting > 0) {
        await sleep(250);
        waiting = Number(
          sql(
            `select count(*) from messages where body like 'left queued %' and provider_message_id is null`,
          )[0][0],
        );
      }
      assert.equal(waiting, 0, `${waiting} texts still queued after 15 s`);
      const handed = sql(
        `select body, count(*) from dev_sms_outbox where body like 'left queued %' group by body`,
      );
      assert.equal(handed.length, queued);
      assert.deepEqual(
        handed.filter(([, count]) => count !== '1'),
        [],
      );
    },
  );

  // The rolling restart under load: each worker sends texts to its students in turn and polls the
  // chat, through the proxy, until the restart is over.
  const failures = [];
  const acknowledged = [];
  let requests = 0;
  let loadRunning = true;
  const worker = async (workerIndex) => {
    let sent = 0;
    let etag;
    while (loadRunning) {
      const studentId =
        studentIds[`student-${workerIndex * STUDENTS_PER_WORKER + (sent % STUDENTS_PER_WORKER)}`];
      const body = `load ${workerIndex}-${sent}`;
      sent += 1;
      try {
        requests += 1;
        const response = await tutorCall('/tutor/send-message', { studentId, message: body });
        if (response.status === 201) {
          await response.arrayBuffer();
          acknowledged.push(body);
        } else failures.push(`send ${response.status} ${await response.text()}`);
        requests += 1;
        const poll = await tutorCall(
          '/tutor/messages',
          { studentId },
          proxy,
          etag ? { 'if-none-match': etag } : {},
        );
        if (poll.status === 200) etag = poll.headers.get('etag') ?? undefined;
        else if (poll.status !== 304) failures.push(`poll ${poll.status} ${await poll.text()}`);
        await poll.arrayBuffer().catch(() => undefined);
      } catch (error) {
        failures.push(
          `network ${error instanceof Error ? `${error.message} ${error.cause?.code ?? ''}` : error}`,
        );
      }
      await sleep(100);
    }
  };

  await check(
    'a rolling restart under load (stop A, start A, stop B, start B): no failed request, each acknowledged text stored and handed over once',
    async () => {
      const since = Date.now();
      const load = Array.from({ length: LOAD_WORKERS }, (_, index) => worker(index));
      await sleep(1000);
      const steps = [];
      for (const name of ['a', 'b']) {
        const stopAt = Date.now();
        await instances[name].stop();
        const { code } = await instances[name].exited;
        assert.equal(
          code,
          0,
          `instance ${name} exited with ${code}: ${instances[name].output().slice(-2000)}`,
        );
        steps.push(`stop ${name} ${Date.now() - stopAt} ms`);
        steps.push(`start ${name} ${await start(name)} ms`);
        // Back in HAProxy's rotation (rise 2) before the other one stops, as an operator's
        // restart waits for its load balancer: a fixed 3 check intervals was not always enough on
        // a loaded machine (HAProxy's "No server is available" while both were out).
        steps.push(`${name} in rotation ${await backInRotation(name)} ms`);
      }
      await sleep(1000);
      loadRunning = false;
      await Promise.all(load);
      console.log(
        `    ${requests} requests, ${acknowledged.length} texts in ${((Date.now() - since) / 1000).toFixed(1)} s; ${steps.join(', ')}`,
      );
      assert.equal(
        failures.length,
        0,
        `${failures.length} failed requests, e.g.\n${failures.slice(0, 3).join('\n')}`,
      );
      assert.ok(acknowledged.length > 20, `only ${acknowledged.length} texts were sent`);
      const stored = new Map(
        sql(`select body, count(*) from messages where body like 'load %' group by body`),
      );
      const handed = new Map(
        sql(`select body, count(*) from dev_sms_outbox where body like 'load %' group by body`),
      );
      const wrong = acknowledged.filter(
        (body) => stored.get(body) !== '1' || handed.get(body) !== '1',
      );
      assert.deepEqual(
        wrong.map((body) => `${body}: stored ${stored.get(body)}, handed ${handed.get(body)}`),
        [],
      );
    },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  checks.push({ name: 'setup', ok: false });
} finally {
  await haproxy?.stop();
  for (const instance of Object.values(instances)) await instance.stop();
  if (database) postgresTool(adminUrl, 'dropdb', ['--force', database]);
  rmSync(workDir, { recursive: true, force: true });
}

const failed = checks.filter((item) => !item.ok).length;
console.log(
  `instances: ${checks.length - failed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s (from ${repoRoot})`,
);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
