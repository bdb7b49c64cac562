// GET /api/healthz and /api/readyz: public, cheap, and readiness follows the database.
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/db/open.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { createPostgresDatabase, onPostgres } from './support/database.ts';

/** Migrations this build carries: every one must be applied for readiness. */
const MIGRATIONS: number = JSON.parse(
  readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
).entries.length;

/** Ready, with the test's providers (the development outboxes) working. */
const READY = {
  status: 'ready',
  migrations: MIGRATIONS,
  providers: { mail: 'ok', sms: 'ok' },
};

describe('health', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('/healthz answers without a token and without the database', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready when every migration of this build is applied', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(READY);
  });

  it('/readyz is 503 with the reason when a migration is missing', async () => {
    await server.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const response = await server.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        status: 'UNAVAILABLE',
        message: `Migrations are not applied: ${MIGRATIONS - 1} of ${MIGRATIONS}.`,
        requestId: expect.any(String),
      },
    });
  });
});

/** A TCP proxy to PostgreSQL that a test can cut (every connection dropped, none accepted). */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const next = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      listener = next;
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url(database: URL) {
      const proxied = new URL(database);
      proxied.port = String(port);
      return proxied.href;
    },
    async cut() {
      await new Promise<void>((resolve) => {
        listener?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: listen,
  };
}

describe.runIf(onPostgres())('readiness follows PostgreSQL', () => {
  it('/readyz turns 503 while PostgreSQL cannot be reached and 200 when it is back', async () => {
    const database = await createPostgresDatabase();
    const proxy = await cuttableProxy(new URL(database.url));
    const handle = await openPostgres(proxy.url(new URL(database.url)));
    const app = await buildApp(testConfig(), { database: handle });
    const readiness = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/readyz' });
      return { status: response.statusCode, body: response.json() };
    };
    try {
      expect(await readiness()).toEqual({
        status: 200,
        body: READY,
      });

      await proxy.cut();
      expect(await readiness()).toEqual({
        status: 503,
        body: {
          error: {
            status: 'UNAVAILABLE',
            message: 'The database cannot be reached.',
            requestId: expect.any(String),
          },
        },
      });
      // Liveness does not depend on the database: the process must not be restarted for it.
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);

      await proxy.restore();
      expect(await readiness()).toEqual({
        status: 200,
        body: READY,
      });
    } finally {
      await app.close();
      await handle.close();
      await proxy.cut();
      await database.drop();
    }
  });
});
