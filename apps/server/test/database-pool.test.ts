// DATABASE_POOL_SIZE bounds the server's connections to PostgreSQL: a query beyond them waits for
// one to be free (see DEFAULT_DATABASE_POOL_SIZE in src/config.ts for why the default is small).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { createPostgresDatabase, onPostgres } from './support/database.ts';

describe.runIf(onPostgres())('the pool of connections to PostgreSQL', () => {
  it('opens at most DATABASE_POOL_SIZE connections; further queries wait their turn', async () => {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({
      databaseUrl: database.url,
      dataDir: '',
      databasePoolSize: 2,
    });
    try {
      // Started at once (a drizzle query runs when awaited or then'd).
      const queries = Array.from({ length: 5 }, () =>
        handle.db.execute(sql`select pg_sleep(0.3)`).then(() => undefined),
      );
      await expect.poll(() => handle.poolStats?.()).toEqual({ inUse: 2, idle: 0, waiting: 3 });
      await Promise.all(queries);
      expect(handle.poolStats?.()).toEqual({ inUse: 0, idle: 2, waiting: 0 });
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
