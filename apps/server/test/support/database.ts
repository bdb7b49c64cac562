// A fresh, migrated database per test file: PGlite loaded from the run's template, or, when
// DATABASE_URL is set, a new database created on that PostgreSQL server and dropped afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPostgres, usePglite } from '../../src/db/open.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the test's own PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  dispose(): Promise<void>;
}

export const onPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

/** A connection string for a new, empty database on the DATABASE_URL server, and its remover. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `server_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (onPostgres()) {
    const database = await createPostgresDatabase();
    const handle = await openPostgres(database.url);
    return {
      handle,
      url: database.url,
      async dispose() {
        await handle.close();
        await database.drop();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  const handle = await usePglite(client);
  return { handle, url: undefined, dispose: () => handle.close() };
}

/**
 * A new PGlite data folder (under the system's temp folder, named from `prefix`) holding the run's
 * migrated, empty template, for a server or command a test starts on PGlite: PGlite creates a
 * cluster in an empty folder in about 12 s (initdb in WebAssembly, then the migrations), while
 * the template's tar unpacks in a tenth of a second and opens as a cluster that is already there.
 * On PostgreSQL (DATABASE_URL set, no template), where the folder goes unused, it stays empty.
 * The caller removes the folder.
 */
export function pgliteDataDirFromTemplate(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  if (onPostgres()) return dataDir;
  // The dump's members are named from the data folder's root ("/base/…"): tar strips the leading
  // slash (and says so on stderr, which stays captured here).
  execFileSync('tar', ['-xf', inject('pgliteTemplatePath'), '-C', dataDir], { stdio: 'pipe' });
  return dataDir;
}
