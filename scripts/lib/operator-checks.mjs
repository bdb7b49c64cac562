// What the operator's guide (README, Production) tells an organisation to do, done by the
// `production` layer (scripts/test-production.mjs) against its deployed server:
// - the guide's variables and /api paths are ones the code reads and the contract has;
// - the reverse proxy: deploy/nginx.conf, with a test certificate and local ports, checked by
//   Debian's `nginx -t` and run in front of the server (TLS, X-Forwarded-For and X-Request-Id
//   with TRUST_PROXY set to nginx's address, the HTTP redirect);
// - a backup and its restore: the demo data and an integration key put in with tutoring-admin,
//   `pg_dump` of the live database, `pg_restore` into a new database and into a new PostgreSQL
//   server (whose counter is behind the dump's: the server gives the restored rows feed positions
//   of its own at start), and the server started on each answers ready
//   and serves the same data to the same key.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { ensureNginx, listening, startNginx, testNginxConfig, writeNginxConfig } from './nginx.mjs';
import { postgresTool, startPostgres } from './postgres.mjs';
import { read, repoRoot } from './process.mjs';

/** Where the test's nginx listens: an address of its own, so the client's differs from nginx's. */
const PROXY_ADDRESS = '127.0.0.2';
/** The client's address: neither nginx's nor the server's peer (127.0.0.1). */
const CLIENT_ADDRESS = '127.0.0.3';
const TLS_PORT = 6192;
const HTTP_PORT = 6193;
const HOST_NAME = 'portal.example.org';
/** The second PostgreSQL server, the one a disaster's restore goes to. */
const NEW_SERVER_PORT = 54339;

/** deploy/nginx.conf with the test's certificate, ports, log and server; each change checked. */
function testCopyOfExample(dir, serverPort) {
  let text = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const replace = (pattern, value) => {
    assert.match(text, pattern, `deploy/nginx.conf no longer has ${pattern}`);
    text = text.replace(pattern, value);
  };
  replace(/server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${serverPort};`);
  replace(/^ *listen \[::\]:80;\n/m, '');
  replace(/^ *listen \[::\]:443 ssl http2;\n/m, '');
  replace(/listen 80;/, `listen ${PROXY_ADDRESS}:${HTTP_PORT};`);
  replace(/listen 443 ssl http2;/, `listen ${PROXY_ADDRESS}:${TLS_PORT} ssl http2;`);
  replace(/\/etc\/letsencrypt\/live\/portal\.example\.org\/fullchain\.pem/, join(dir, 'cert.pem'));
  replace(/\/etc\/letsencrypt\/live\/portal\.example\.org\/privkey\.pem/, join(dir, 'key.pem'));
  replace(/\/var\/log\/nginx\/tutoring\.access\.log/, join(dir, 'access.log'));
  return text;
}

/** A certificate for portal.example.org, made by openssl. */
function makeCertificate(dir) {
  const made = read('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${HOST_NAME}`,
    '-addext',
    `subjectAltName=DNS:${HOST_NAME}`,
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  if (made === null) throw new Error('openssl could not make the test certificate');
  return readFileSync(join(dir, 'cert.pem'));
}

/**
 * A request through nginx from CLIENT_ADDRESS with the portal's host name: over TLS trusting the
 * test certificate (`ca`), else plain HTTP.
 */
function viaProxy(path, { ca, headers = {} }) {
  return new Promise((resolve, reject) => {
    const outgoing = (ca ? httpsRequest : httpRequest)(
      {
        host: PROXY_ADDRESS,
        port: ca ? TLS_PORT : HTTP_PORT,
        path,
        servername: HOST_NAME,
        localAddress: CLIENT_ADDRESS,
        ca,
        agent: false,
        headers: { host: HOST_NAME, ...headers },
        timeout: 5000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The server's "request completed" log lines (pino JSON). */
function completedRequests(output) {
  return output
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return undefined;
      }
    })
    .filter(Boolean);
}

/**
 * deploy/nginx.conf in front of the running server (TRUST_PROXY=127.0.0.1, nginx's address as the
 * server sees it): `nginx -t`, then requests through it over TLS.
 */
export async function checkReverseProxy({ check, workDir, serverPort, serverOutput }) {
  const dir = join(workDir, 'nginx');
  let nginx;
  let config;
  let ca;
  await check('deploy/nginx.conf passes `nginx -t` (test certificate, local ports)', async () => {
    await ensureNginx();
    mkdirSync(dir, { recursive: true });
    ca = makeCertificate(dir);
    config = writeNginxConfig(dir, testCopyOfExample(dir, serverPort));
    const problem = testNginxConfig(config, dir);
    if (problem !== null) config = undefined;
    assert.equal(problem, null, problem ?? '');
  });
  if (!config) return;
  for (const port of [TLS_PORT, HTTP_PORT]) {
    if (await listening(PROXY_ADDRESS, port)) {
      await check(`${PROXY_ADDRESS}:${port} is free for the test's nginx`, () => {
        throw new Error('taken (an nginx a run left behind? ss -ltnp shows who)');
      });
      return;
    }
  }
  try {
    nginx = startNginx(config, dir);
    await check(
      'through nginx over TLS: the server logs the client address and nginx’s X-Request-Id',
      async () => {
        let answer;
        for (let attempt = 0; attempt < 50 && !answer; attempt += 1) {
          answer = await viaProxy('/api/readyz', {
            ca,
            headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'chosen-by-the-client' },
          }).catch(async (error) => {
            if (nginx.child.exitCode !== null) throw new Error(`nginx exited: ${nginx.output()}`);
            if (attempt === 49) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          });
        }
        assert.equal(answer.status, 200, answer.body);
        assert.equal(JSON.parse(answer.body).status, 'ready');
        const id = answer.headers['x-request-id'];
        assert.match(String(id), /^[0-9a-f]{32}$/, `x-request-id ${id} is not nginx's $request_id`);
        // The server's log line of that request: nginx's id, and the client's own address (not
        // the X-Forwarded-For the client wrote, not nginx's).
        await new Promise((resolve) => setTimeout(resolve, 100));
        const line = completedRequests(serverOutput()).find((entry) => entry.reqId === id);
        assert.ok(line, `no server log line with reqId ${id}`);
        assert.equal(line.req.url, '/api/readyz');
        assert.equal(line.req.remoteAddress, CLIENT_ADDRESS);
        // nginx's access log names the same id.
        const access = readFileSync(join(dir, 'access.log'), 'utf8');
        assert.match(access, new RegExp(`"GET /api/readyz HTTP/1.1" 200 .*request_id=${id}`));
      },
    );
    await check('through nginx: an error body carries the id nginx gave the request', async () => {
      const answer = await viaProxy('/api/no-such-route', { ca });
      assert.equal(answer.status, 404);
      const id = answer.headers['x-request-id'];
      assert.match(String(id), /^[0-9a-f]{32}$/);
      assert.equal(JSON.parse(answer.body).error.requestId, id);
      const home = await viaProxy('/', { ca, headers: { 'accept-encoding': 'identity' } });
      assert.equal(home.status, 200);
      assert.match(home.body, /Go to the Tutor Portal/);
      assert.match(String(home.headers['strict-transport-security']), /max-age=/);
    });
    await check('nginx redirects plain HTTP to https://, path kept', async () => {
      const response = await viaProxy('/tutoring?x=1', {});
      assert.equal(response.status, 301);
      assert.equal(response.headers.location, `https://${HOST_NAME}/tutoring?x=1`);
    });
  } finally {
    await nginx?.stop();
  }
}

/** An integration call with a key; its JSON. */
async function integration(origin, key, path) {
  const response = await fetch(`${origin}/api/integration/v1${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}

/**
 * Before the backup: the demo data and a key (tutoring-admin, as an operator runs it) in the live
 * database, read through the API. Then `pg_dump --format=custom` while the server runs. What the
 * restore check compares with.
 */
export async function backUpLiveDatabase({
  check,
  origin,
  deployDir,
  env,
  database,
  adminUrl,
  dumpFile,
}) {
  const before = {};
  await check('backup: pg_dump of the live database, with data and a key', async () => {
    const admin = (args) =>
      read(join(deployDir, 'dist', 'admin', 'main.js'), args, { cwd: deployDir, env });
    // A database in use is far ahead of a new PostgreSQL server in transaction ids (what the
    // restore into one must handle); a young test server may not be: 50,000 ids used first.
    const aged = postgresTool(adminUrl, 'psql', [
      '-d',
      database,
      '-c',
      'DO $$ BEGIN FOR i IN 1..50000 LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$',
    ]);
    assert.notEqual(aged, null, 'could not use up transaction ids');
    assert.match(admin(['seed']) ?? 'failed', /Seeded the demo data/);
    before.key = admin(['keys', 'create', '--name', 'backup-check', '--scope', 'read'])?.match(
      /^tpk_\S+$/m,
    )?.[0];
    assert.ok(before.key, 'tutoring-admin keys create failed');
    before.texts = (await integration(origin, before.key, '/messages?limit=500')).messages;
    assert.ok(before.texts.length > 0, 'the demo data has no texts');
    before.migrations = (await (await fetch(`${origin}/api/readyz`)).json()).migrations;
    const dumped = postgresTool(adminUrl, 'pg_dump', [
      '--format=custom',
      `--file=${dumpFile}`,
      database,
    ]);
    assert.notEqual(dumped, null, 'pg_dump failed');
  });
  return before;
}

/** A new database from the dump, restored as the guide says; its URL. */
function restoreInto(serverUrl, name, dumpFile) {
  assert.notEqual(postgresTool(serverUrl, 'createdb', [name]), null, `createdb ${name} failed`);
  const restoring = postgresTool(serverUrl, 'pg_restore', [
    '--no-owner',
    '--exit-on-error',
    `--dbname=${name}`,
    dumpFile,
  ]);
  assert.notEqual(restoring, null, 'pg_restore failed');
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
}

/** The restored server answers ready at the backup's migration; the key reads the same texts. */
async function assertServesBackup(origin, before) {
  const readiness = await (await fetch(`${origin}/api/readyz`)).json();
  assert.equal(readiness.status, 'ready');
  assert.equal(readiness.migrations, before.migrations);
  const after = (await integration(origin, before.key, '/messages?limit=500')).messages;
  // The same texts; not always in the same order: on a new PostgreSQL server the restored rows
  // ahead of its counter come again as changed, after the others.
  const ids = (texts) => texts.map((text) => text.id).sort();
  assert.deepEqual(ids(after), ids(before.texts));
}

/**
 * The restore, twice: into a new database of the same PostgreSQL (`pg_restore --no-owner`), and
 * into a new PostgreSQL server, whose transaction counter starts behind the dump's (the server,
 * starting, gives the restored rows feed positions of that server). Each time the deployed server
 * started on it answers ready at the same migration, and the key made before the backup is
 * accepted and reads the same texts.
 */
export async function checkRestore({ check, origin, before, startServer, adminUrl, dumpFile }) {
  await check(
    'restore: pg_restore into a new database, the server ready with the data',
    async () => {
      assert.ok(before.key, 'no backup was made');
      const url = restoreInto(adminUrl, `tutoring_restored_${process.pid}`, dumpFile);
      const server = await startServer(url.href);
      try {
        await assertServesBackup(origin, before);
        // The read before the backup is in the restored audit.
        const audit = await integration(origin, before.key, '/audit?limit=10');
        assert.ok(
          audit.entries.some((entry) => entry.operation === 'listIntegrationMessages'),
          JSON.stringify(audit.entries.slice(0, 3)),
        );
      } finally {
        await server.stop();
      }
    },
  );
  await check(
    'restore into a new PostgreSQL server: the server puts the restored rows back in the feeds',
    async () => {
      assert.ok(before.key, 'no backup was made');
      const postgres = await startPostgres({ port: NEW_SERVER_PORT });
      try {
        const url = restoreInto(new URL(postgres.url), 'tutoring', dumpFile);
        const hidden = () =>
          Number(
            postgresTool(url, 'psql', [
              '-At',
              '-d',
              'tutoring',
              '-c',
              'SELECT count(*) FROM messages WHERE feed_xid >= pg_snapshot_xmin(pg_current_snapshot())',
            ]),
          );
        // The new server's counter is behind the dump's: the feed would leave these texts out
        // until the tutoring server, starting on it, gives them positions of this server.
        assert.ok(hidden() > 0, 'the restored texts are already visible: nothing to show');
        const server = await startServer(url.href);
        try {
          assert.equal(
            hidden(),
            0,
            'the server started, and restored texts are still out of the feed',
          );
          await assertServesBackup(origin, before);
        } finally {
          await server.stop();
        }
      } finally {
        await postgres.stop();
      }
    },
  );
}

/**
 * The guide's facts against the code: every variable the README's deploy guide (from "What
 * production needs" to Troubleshooting) names is one the server, the portal's build or the
 * Dockerfile reads, and every /api path it names is in the contract.
 */
export async function checkGuideFacts({ check }) {
  await check("the deploy guide names only the code's variables and paths", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('What production needs');
    const guide = readme.slice(start, readme.indexOf('## Troubleshooting', start));
    assert.ok(start > 0 && guide.length > 1000, 'the guide is not where it was');
    const known = [
      'apps/server/.env.example',
      'apps/portal/.env.example',
      'deploy/compose.env.example',
      'Dockerfile',
    ]
      .map((file) => readFileSync(join(repoRoot, file), 'utf8'))
      .join('\n');
    // Google's own, read by firebase-admin.
    const outside = new Set(['GOOGLE_APPLICATION_CREDENTIALS']);
    const names = new Set(
      [...guide.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((m) => m[1]),
    );
    for (const name of names) {
      if (outside.has(name)) continue;
      assert.match(
        known,
        new RegExp(`(^# ${name}=|^ARG ${name}\\b|^${name}=)`, 'm'),
        `${name} is read by nothing`,
      );
    }
    const contract = readFileSync(join(repoRoot, 'openapi.yaml'), 'utf8');
    const paths = new Set([...guide.matchAll(/\/api(\/[a-z][a-z/-]*[a-z])/g)].map((m) => m[1]));
    for (const path of paths) {
      assert.match(contract, new RegExp(`^  ${path}:`, 'm'), `/api${path} is not in openapi.yaml`);
    }
  });
}
