import type { Database } from './open.ts';

/**
 * The hot routes' statements, each prepared once per database and reused: drizzle then skips
 * building the SQL on every request (about a fifth of the server's CPU under `pnpm bench:api`
 * before), and PostgreSQL parses and plans a named statement once per connection.
 *
 * `prepare` must call drizzle's `.prepare(name)` with a name no other statement uses: on one
 * PostgreSQL connection a name stands for one SQL text.
 */
export function prepared<Statement>(db: Database, prepare: (db: Database) => Statement): Statement {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(prepare) as Statement | undefined;
  if (statement === undefined) {
    statement = prepare(db);
    statements.set(prepare, statement);
  }
  return statement;
}

const preparedByDatabase = new WeakMap<Database, Map<(db: Database) => unknown, unknown>>();
