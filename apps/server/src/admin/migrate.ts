// `tutoring-admin migrate`: applies this build's migrations to the database and says how many it
// holds, for an upgrade run as its own step (before the new servers start, or to check a restored
// backup). The server applies them at start as well, under the same advisory lock, so running
// both, or several servers at once, is safe.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder, rowsOf } from '../db/open.ts';
import { AdminError, type AdminIo, adminConfig, EXIT, withDatabase } from './common.ts';

export const MIGRATE_USAGE = 'tutoring-admin migrate';

/** The migrations this build carries, in order (drizzle's journal beside them). */
function migrationsOfThisBuild(): string[] {
  const journal: { entries: Array<{ tag: string }> } = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  );
  return journal.entries.map((entry) => entry.tag);
}

/** How many migrations the database records as applied. */
async function appliedMigrations(db: Database): Promise<number> {
  const rows = rowsOf<{ applied: number }>(
    await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.applied ?? 0);
}

export async function migrateCommand(args: string[], io: AdminIo): Promise<number> {
  if (args.length > 0) throw new AdminError(`usage: ${MIGRATE_USAGE}`);
  const config = adminConfig(io);
  const expected = migrationsOfThisBuild();
  // Opening the database applies what is missing (db/open.ts).
  const applied = await withDatabase(config, (database) => appliedMigrations(database.db));
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  if (applied > expected.length) {
    io.err(
      `The database (${where}) has ${applied} migrations, this build knows ${expected.length}: ` +
        'it was migrated by a newer build. Run that build, or restore a backup taken before it.',
    );
    return EXIT.failed;
  }
  io.out(
    `The database (${where}) has all ${applied} migrations of this build (the last: ${expected.at(-1)}).`,
  );
  return EXIT.ok;
}
