// DATABASE_POOL_SIZE bounds the server's connections to PostgreSQL for queries: queries beyond
// them wait on those connections (see DEFAULT_DATABASE_POOL_SIZE in src/config.ts for why the
// default is 1). Transactions have connections of their own. Counted by PostgreSQL itself, in
// pg_stat_activity, as the metrics count them.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { createPostgresDatabase, onPostgres } from './support/database.ts';

describe.runIf(onPostgres())('the connections to PostgreSQL', () => {
  it('are at most DATABASE_POOL_SIZE; further queries wait their turn', async () => {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({
      databaseUrl: database.url,
      dataDir: '',
      databasePoolSize: 2,
    });
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    const sleeping = async () =>
      (
        await observer.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state = 'active'
             and query = 'select pg_sleep(0.3)'`,
        )
      ).rows[0]?.n;
    try {
      const started = performance.now();
      // Started at once (a drizzle query runs when awaited or then'd).
      const queries = Array.from({ length: 5 }, () =>
        handle.db.execute(sql`select pg_sleep(0.3)`).then(() => undefined),
      );
      await expect.poll(sleeping, { interval: 20 }).toBe(2);
      expect(await handle.connectionsByState?.()).toEqual({ inUse: 2, idle: 0 });
      await Promise.all(queries);
      // Five sleeps of 0.3 s on two connections take three turns.
      expect(performance.now() - started).toBeGreaterThanOrEqual(850);
      expect(await handle.connectionsByState?.()).toEqual({ inUse: 0, idle: 2 });
    } finally {
      await observer.end();
      await handle.close();
      await database.drop();
    }
  });

  it('leave transactions to connections of their own: an open transaction holds up no query', async () => {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    try {
      await handle.db.execute(sql`select 1`);
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      // The transaction is open (idle in transaction) beside the pool's idle connection.
      await expect
        .poll(() => handle.connectionsByState?.(), { interval: 20 })
        .toEqual({
          inUse: 1,
          idle: 1,
        });
      // On the transaction's connection this would wait until it commits, which it does not.
      const answered = await Promise.race([
        handle.db.execute(sql`select 1`).then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000)),
      ]);
      expect(answered).toBe('answered');
      commit();
      await transaction;
      expect(await handle.connectionsByState?.()).toEqual({ inUse: 0, idle: 2 });
    } finally {
      commit();
      await handle.close();
      await database.drop();
    }
  });

  it('are counted for one server only, whatever else is connected', async () => {
    const database = await createPostgresDatabase();
    const first = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    const second = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    try {
      await first.db.execute(sql`select 1`);
      await second.db.execute(sql`select 1`);
      await second.db.execute(sql`select 1`);
      expect(await first.connectionsByState?.()).toEqual({ inUse: 0, idle: 1 });
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});
