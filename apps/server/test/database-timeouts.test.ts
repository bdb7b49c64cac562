// Issue 37, item 4: the timeouts of the connections to PostgreSQL (DATABASE_CONNECT_TIMEOUT_MS,
// DATABASE_STATEMENT_TIMEOUT_MS). A database host that takes connections and never answers (a
// network that drops packets, a server that is stuck) fails queries within the connect timeout,
// however many were waiting, and once the database is known to be away further queries fail at
// once; a statement that runs past the statement timeout is cancelled. Each failure is one the
// API answers with 503 UNAVAILABLE (databaseUnavailable). PostgreSQL only.
import { type AddressInfo, createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/open.ts';
import { databaseUnavailable } from '../src/db/unavailable.ts';
import { createPostgresDatabase, onPostgres } from './support/database.ts';

/**
 * A TCP proxy to PostgreSQL that can stall: connections are then accepted and never answered,
 * and the ones open are dropped.
 */
async function stallingProxy(target: URL) {
  const sockets = new Set<Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (stalled) return;
    const upstream = new Socket();
    upstream.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => undefined);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.href,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.destroy();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** When the query settled (ms after `started`) and the database-unavailable reason it gave. */
async function outcome(query: PromiseLike<unknown>, started: number) {
  try {
    await query;
    return { ms: performance.now() - started, unavailable: undefined, ok: true };
  } catch (error) {
    return { ms: performance.now() - started, unavailable: databaseUnavailable(error), ok: false };
  }
}

describe.runIf(onPostgres())('the timeouts of the connections to PostgreSQL', () => {
  it('a host that never answers fails every waiting query within the connect timeout', async () => {
    const database = await createPostgresDatabase();
    const proxy = await stallingProxy(new URL(database.url));
    const connectMs = 500;
    const handle = await openPostgres(proxy.url, 1, { connectMs, statementMs: 0 });
    try {
      await handle.db.execute(sql`select 1`);
      proxy.stall();
      // The pool sees its connection closed (no query was on it, so none failed).
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Ten requests' queries at once: the first waits for a connection that never opens, the
      // others behind it. Each fails within the connect timeout (not one after another).
      let started = performance.now();
      const waiting = await Promise.all(
        Array.from({ length: 10 }, () => outcome(handle.db.execute(sql`select 1`), started)),
      );
      for (const result of waiting) {
        expect(result.ok).toBe(false);
        expect(result.unavailable?.message).toBe(
          'The database cannot be reached. Please try again in a moment.',
        );
        // One after another, the last would wait ten connect timeouts; the margin is for a busy
        // machine's scheduling, not for the design.
        expect(result.ms).toBeLessThan(3 * connectMs);
      }
      // The database is now known to be away: a query fails at once while one finds out.
      started = performance.now();
      const probe = outcome(handle.db.execute(sql`select 1`), started);
      const next = await outcome(handle.db.execute(sql`select 1`), started);
      expect(next.unavailable?.code).toBe('DATABASE_DOWN');
      // At once: well within one connect timeout, which waiting for the connection would take.
      expect(next.ms).toBeLessThan(connectMs / 2);
      expect((await probe).unavailable).toBeDefined();
      // A transaction too.
      const transaction = await outcome(
        handle.db.transaction(async (tx) => tx.execute(sql`select 1`)),
        performance.now(),
      );
      expect(transaction.unavailable).toBeDefined();

      // Back: queries answer again, on the same pool.
      proxy.resume();
      await expect
        .poll(async () => (await outcome(handle.db.execute(sql`select 1`), 0)).ok, {
          timeout: 5000,
          interval: 100,
        })
        .toBe(true);
      expect((await outcome(handle.db.execute(sql`select 1`), 0)).ok).toBe(true);
    } finally {
      await handle.close();
      await proxy.close();
      await database.drop();
    }
  });

  it('a statement that runs past the statement timeout is cancelled by PostgreSQL', async () => {
    const database = await createPostgresDatabase();
    const handle = await openPostgres(database.url, 1, { connectMs: 2000, statementMs: 300 });
    try {
      const started = performance.now();
      const slow = await outcome(handle.db.execute(sql`select pg_sleep(3)`), started);
      expect(slow.ms).toBeLessThan(1500);
      expect(slow.unavailable).toEqual({
        code: '57014',
        message: 'The database did not answer in time. Please try again in a moment.',
      });
      // Transactions' statements too.
      const inTransaction = await outcome(
        handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(3)`)),
        performance.now(),
      );
      expect(inTransaction.unavailable?.code).toBe('57014');
      // The connection is fine afterwards, and the gate did not take the database for away.
      expect((await outcome(handle.db.execute(sql`select 1`), 0)).ok).toBe(true);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
