// What every operator command shares: where it writes, how it fails, and the configuration and
// database of this environment (the server's own variables: DATABASE_URL, or PGlite in DATA_DIR).
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/open.ts';

/** Where a command reads and writes: the process's own, or a test's. */
export interface AdminIo {
  env: NodeJS.ProcessEnv;
  /** The folder relative paths are read from (the caller's, also under a pnpm script). */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input, for `import <kind> -`. */
  stdin: () => Promise<Buffer>;
  /** Whether standard error is a terminal (a progress bar is drawn only there). */
  interactive: boolean;
}

/** Exit codes: 0 done, 1 the work failed (e.g. invalid rows), 2 usage or configuration. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A refusal with its message and exit code, thrown by a command and printed by runAdmin. */
export class AdminError extends Error {
  override name = 'AdminError';
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.usage) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** The server's configuration from the environment; its problems are the command's. */
export function adminConfig(io: AdminIo): Config {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new AdminError(error.message);
    throw error;
  }
}

/** Opens (and migrates, as the server does) the database of `config`, runs `work`, closes it. */
export async function withDatabase<T>(
  config: Config,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
