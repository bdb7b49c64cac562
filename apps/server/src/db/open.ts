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
import {
  type DatabaseTimeouts,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_DATABASE_TIMEOUTS,
} from '../config.ts';
import { createNotifications, type DatabaseNotifications } from './notifications.ts';
import * as schema from './schema.ts';
import { DatabaseGate, DatabaseUnavailableError } from './unavailable.ts';

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
  /**
   * LISTEN/NOTIFY between the server's instances on this database (notifications.ts).
   * PostgreSQL only: PGlite serves one process.
   */
  notifications?: DatabaseNotifications;
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
 *
 * While PostgreSQL is away, postgres.js opens a connection for each query that waits, one after
 * another, and by default waits longer before each attempt after every failure (up to 20 s),
 * while further queries queue: during a 45 s outage requests hung for up to 33 s. Here an attempt
 * is made at once (no backoff: a refused connection costs nothing, and attempts only follow
 * queries), and one that does not connect within `connect_timeout` fails.
 */
function connect(
  connectionString: string,
  options: postgres.Options<Record<string, never>>,
): postgres.Sql {
  return postgres(connectionString, {
    onnotice: () => undefined,
    backoff: () => 0,
    connect_timeout: DEFAULT_DATABASE_TIMEOUTS.connectMs / 1000,
    ...options,
  });
}

/**
 * The query, failing with DATABASE_WAIT_TIMEOUT when it has not been handed to an open connection
 * within `waitMs` (it waits behind connection attempts that do not answer). A query already sent
 * is left to PostgreSQL's statement_timeout. postgres.js offers no safe way to take a query out of
 * its queue (cancelling one a connection is being opened for leaves that connection unused for
 * ever), so the query stays queued and fails or runs when its turn comes; the gate keeps that
 * queue short while the database is away.
 */
function withinWait<T>(query: postgres.PendingQuery<postgres.Row[]>, waitMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      // postgres.js gives a query its connection's state when it sends it.
      if ((query as unknown as { state: unknown }).state === null) {
        reject(
          new DatabaseUnavailableError(
            'DATABASE_WAIT_TIMEOUT',
            `No connection to the database within ${waitMs} ms.`,
          ),
        );
      }
    }, waitMs);
    query.then(
      (rows) => {
        clearTimeout(timer);
        resolve(rows as T);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * What `client.unsafe` (every query drizzle sends) answers: the query, run through the gate and
 * bounded in how long it waits for a connection. drizzle calls `.values()` on it, then awaits it.
 */
class GuardedQuery<T> implements PromiseLike<T> {
  private readonly query: postgres.PendingQuery<postgres.Row[]>;
  private readonly gate: DatabaseGate;
  private readonly waitMs: number;

  constructor(query: postgres.PendingQuery<postgres.Row[]>, gate: DatabaseGate, waitMs: number) {
    this.query = query;
    this.gate = gate;
    this.waitMs = waitMs;
  }

  values(): this {
    this.query.values();
    return this;
  }

  // biome-ignore lint/suspicious/noThenProperty: drizzle awaits the query; this is its promise.
  then<Fulfilled = T, Rejected = never>(
    onfulfilled?: ((value: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    onrejected?: ((reason: unknown) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.gate
      .run(() => withinWait<T>(this.query, this.waitMs))
      .then(onfulfilled, onrejected);
  }
}

/** Every query of `client` through the gate and bounded in its wait for a connection. */
function guardQueries(client: postgres.Sql, gate: DatabaseGate, waitMs: number): void {
  const unsafe = client.unsafe;
  client.unsafe = ((...args: Parameters<typeof unsafe>) =>
    new GuardedQuery(unsafe(...args), gate, waitMs)) as unknown as typeof unsafe;
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
 * Rows whose integration-feed position (feed_xid, migration 0020) is ahead of this PostgreSQL
 * server's transaction counter were written on another server: a logical dump (pg_dump) restored
 * onto a new one, whose counter starts afresh. The feeds show only rows of transactions older than
 * every one still running, so they would leave those rows out until the counter passed them. At
 * start, under the migration lock, such rows take this transaction's position: they show once more,
 * as changed, with nothing to do by hand. On the server they were written on no row is ahead of the
 * counter, and the (feed_xid, …) indexes find none at once.
 */
const REBASE_RESTORED_FEED_POSITIONS = ['students', 'applicants', 'messages'].map(
  (table) =>
    `UPDATE "${table}" SET "feed_xid" = pg_current_xact_id() WHERE "feed_xid" > pg_current_xact_id()`,
);

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
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<DatabaseHandle> {
  // One connection, so that the advisory lock and the migrations share a session; no statement
  // timeout (a migration, or waiting for another instance's, may take long).
  const migrator = connect(connectionString, {
    max: 1,
    connect_timeout: timeouts.connectMs / 1000,
  });
  try {
    await migrator`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgresJs(drizzlePostgresJs({ client: migrator, schema }), {
        migrationsFolder,
      });
      await migrator.begin(async (sql) => {
        for (const statement of REBASE_RESTORED_FEED_POSITIONS) await sql.unsafe(statement);
      });
    } finally {
      await migrator`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await migrator.end();
  }
  const applicationName = `tutoring-server ${randomUUID()}`;
  // PostgreSQL's own limit on each statement, set for the session when a connection opens.
  const connection = {
    application_name: applicationName,
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
  };
  const connect_timeout = timeouts.connectMs / 1000;
  const client = connect(connectionString, { max: poolSize, connect_timeout, connection });
  // A transaction holds its connection to itself until it commits: on the pipelined connection,
  // every other request's query would wait behind an import. Transactions get connections of
  // their own, opened when one begins and closed after a minute without one.
  const transactionClient = connect(connectionString, {
    max: TRANSACTION_CONNECTIONS,
    idle_timeout: 60,
    connect_timeout,
    connection,
  });
  const gate = new DatabaseGate();
  guardQueries(client, gate, timeouts.connectMs);
  const observer = connect(connectionString, {
    max: 1,
    idle_timeout: 120,
    // A scrape while PostgreSQL is away answers without the gauge, soon (metrics.ts).
    connect_timeout: 5,
    connection: { application_name: 'tutoring-server metrics' },
  });
  const db = drizzlePostgresJs({ client, schema });
  const transactionDb = drizzlePostgresJs({ client: transactionClient, schema });
  // Through the gate too: while the database is known to be away, a transaction fails at once.
  db.transaction = ((...args: Parameters<typeof transactionDb.transaction>) =>
    gate.run(() => transactionDb.transaction(...args))) as typeof db.transaction;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: async () => {
      await Promise.all(
        [client, transactionClient, observer].map((each) => each.end({ timeout: 5 })),
      );
    },
    connectionsByState: () => connectionsByState(observer, applicationName),
    // Notifications go out on the pool, through the gate; each listener has a connection of its
    // own, told apart from the pool's by its application_name.
    notifications: createNotifications(
      connectionString,
      {
        onnotice: () => undefined,
        backoff: () => 0,
        connect_timeout,
        connection: { application_name: applicationName.replace('server', 'listener') },
      },
      (channel, payload) => client.unsafe('select pg_notify($1, $2)', [channel, payload]),
    ),
  };
}

/** PostgreSQL when a connection string is given, otherwise PGlite in `dataDir`. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
  databaseTimeouts?: DatabaseTimeouts;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize, options.databaseTimeouts)
    : openPglite(options.dataDir);
}
