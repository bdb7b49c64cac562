// The operator's commands (`tutoring-admin <command>`), on the database of this environment: the
// server's own variables (DATABASE_URL, or PGlite in DATA_DIR; under production rules the same
// required variables as the server, so give it the server's environment or env file). PGlite
// takes one process at a time: stop a PGlite server first.
//
//   tutoring-admin keys create --name crm --scope write      integration keys (create, list, revoke)
//   tutoring-admin import students students.csv --dry-run   the organisation's records from CSV
//   tutoring-admin migrate                                   apply this build's migrations
//   tutoring-admin seed                                      the demo data, in an empty database
import { AdminError, type AdminIo, EXIT } from './common.ts';
import { IMPORT_USAGE, importCommand } from './import.ts';
import { KEYS_USAGE, keysCommand } from './keys.ts';
import { MIGRATE_USAGE, migrateCommand } from './migrate.ts';
import { SEED_USAGE, seedCommand } from './seed.ts';

const COMMANDS: Record<string, (args: string[], io: AdminIo) => Promise<number>> = {
  keys: keysCommand,
  import: importCommand,
  migrate: migrateCommand,
  seed: seedCommand,
};

export const ADMIN_USAGE = [
  'usage:',
  KEYS_USAGE,
  IMPORT_USAGE,
  MIGRATE_USAGE,
  SEED_USAGE,
  '',
  "The server's environment (DATABASE_URL, ...) says which database; exit codes: 0 done,",
  '1 failed (e.g. invalid rows, no such key), 2 usage or configuration.',
].join('\n');

/** The process's own input and output. */
export function processIo(): AdminIo {
  // Not configuration but where the operator stands: a pnpm script runs in the package's folder
  // and names the caller's in INIT_CWD, so a relative CSV path means the caller's folder.
  const { INIT_CWD: callerFolder } = process.env;
  return {
    env: process.env,
    cwd: callerFolder ?? process.cwd(),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    stdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    interactive: process.stderr.isTTY === true,
  };
}

/** Runs one command line (without `tutoring-admin`); resolves to the exit code. */
export async function runAdmin(argv: string[], io: AdminIo = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.err : io.out)(ADMIN_USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`Unknown command '${name}'.\n${ADMIN_USAGE}`);
    return EXIT.usage;
  }
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof AdminError) {
      io.err(error.message);
      return error.exitCode;
    }
    // parseArgs refuses unknown options and missing values with codes of its own.
    if (isParseArgsError(error)) {
      io.err(`${error.message}\n${ADMIN_USAGE}`);
      return EXIT.usage;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): error is Error {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
