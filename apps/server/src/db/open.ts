import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgresJs } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';
import * as schema from './schema.ts';

/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a raw `db.execute`: PGlite answers an object with `rows`, postgres.js the rows
 * themselves.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The server's connections to PostgreSQL by state, as PostgreSQL sees them (the metrics):
   * running a query or inside a transaction, or idle. PostgreSQL only.
   */
  connectionsByState?(): Promise<{ inUse: number; idle: number }>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Serialises migrations when several instances start at once against one PostgreSQL; the key is
 * an arbitrary constant of this application.
 */
const MIGRATION_LOCK_KEY = 7_204_311_905;

/**
 * A postgres.js client of this server. PostgreSQL's notices (e.g. "relation already exists,
 * skipping") are not the server's to log.
 */
function connect(
  connectionString: string,
  options: postgres.Options<Record<string, never>>,
): postgres.Sql {
  return postgres(connectionString, { onnotice: () => undefined, ...options });
}

/**
 * The pool's connections by state, told apart from any other process's in pg_stat_activity by
 * their application_name (at most 63 bytes). Asked on a connection of its own (opened at the
 * first scrape), so the count neither waits behind the pool's queries nor counts itself.
 */
async function connectionsByState(
  observer: postgres.Sql,
  applicationName: string,
): Promise<{ inUse: number; idle: number }> {
  const rows = await observer<{ state: string | null; count: number }[]>`
    select state, count(*)::int as count from pg_stat_activity
    where application_name = ${applicationName} group by state`;
  let inUse = 0;
  let idle = 0;
  for (const { state, count } of rows) {
    if (state === 'idle') idle += count;
    else inUse += count;
  }
  return { inUse, idle };
}

/** Wraps an open PGlite client and applies the migrations. PGlite runs one query at a time. */
export async function usePglite(client: PGlite): Promise<DatabaseHandle> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Opens (creating on first use) a PGlite data folder and applies the migrations. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  try {
    return await usePglite(client);
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Connections for transactions, besides the pool's (imports and webhooks: short, and rare). */
const TRANSACTION_CONNECTIONS = 2;

/**
 * Connects to PostgreSQL with postgres.js and applies the migrations under an advisory lock.
 *
 * postgres.js rather than node-postgres: it sends the queries of concurrent requests down one
 * connection without waiting for each answer (pipelining), so PostgreSQL and the server each
 * read and write once for several queries. Under `pnpm bench:api` (A/B, same database) that took
 * a third to a half off both processes' CPU per request: send-message 904 -> 1,510 req/s, p99 94
 * -> 65 ms; GET /tutor 2,480 -> 3,197 req/s, p99 60 -> 35 ms. A broken connection (PostgreSQL
 * restarted, a network cut) fails the queries on it, and the next query opens a new one.
 */
export async function openPostgres(
  connectionString: string,
  poolSize = DEFAULT_DATABASE_POOL_SIZE,
): Promise<DatabaseHandle> {
  // One connection, so that the advisory lock and the migrations share a session.
  const migrator = connect(connectionString, { max: 1 });
  try {
    await migrator`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgresJs(drizzlePostgresJs({ client: migrator, schema }), {
        migrationsFolder,
      });
    } finally {
      await migrator`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await migrator.end();
  }
  const applicationName = `tutoring-server ${randomUUID()}`;
  const client = connect(connectionString, {
    max: poolSize,
    connection: { application_name: applicationName },
  });
  // A transaction holds its connection to itself until it commits: on the pipelined connection,
  // every other request's query would wait behind an import. Transactions get connections of
  // their own, opened when one begins and closed after a minute without one.
  const transactionClient = connect(connectionString, {
    max: TRANSACTION_CONNECTIONS,
    idle_timeout: 60,
    connection: { application_name: applicationName },
  });
  const observer = connect(connectionString, {
    max: 1,
    idle_timeout: 120,
    // A scrape while PostgreSQL is away answers without the gauge, soon (metrics.ts).
    connect_timeout: 5,
    connection: { application_name: 'tutoring-server metrics' },
  });
  const db = drizzlePostgresJs({ client, schema });
  const transactionDb = drizzlePostgresJs({ client: transactionClient, schema });
  db.transaction = transactionDb.transaction.bind(transactionDb);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: async () => {
      await Promise.all(
        [client, transactionClient, observer].map((each) => each.end({ timeout: 5 })),
      );
    },
    connectionsByState: () => connectionsByState(observer, applicationName),
  };
}

/** PostgreSQL when a connection string is given, otherwise PGlite in `dataDir`. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize)
    : openPglite(options.dataDir);
}
