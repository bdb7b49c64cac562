import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';
import * as schema from './schema.ts';

/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL only): for the metrics. */
  poolStats?(): { inUse: number; idle: number; waiting: number };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Serialises migrations when several instances start at once against one PostgreSQL; the key is
 * an arbitrary constant of this application.
 */
const MIGRATION_LOCK_KEY = 7_204_311_905;

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

/**
 * Connects a pool to PostgreSQL and applies the migrations under an advisory lock. An idle
 * connection that breaks (PostgreSQL restarted, a network cut) is reported to `onIdleError` and
 * dropped; the pool opens a new one for the next query.
 */
export async function openPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = () => undefined,
  poolSize = DEFAULT_DATABASE_POOL_SIZE,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // Without a listener, an idle client's socket error would be thrown and end the process.
  pool.on('error', onIdleError);
  try {
    const connection = await pool.connect();
    try {
      await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/** PostgreSQL when a connection string is given, otherwise PGlite in `dataDir`. */
export function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string; databasePoolSize?: number },
  onIdleError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, onIdleError, options.databasePoolSize)
    : openPglite(options.dataDir);
}
