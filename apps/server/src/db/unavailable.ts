// When PostgreSQL cannot be reached, queries fail fast with errors of the connection (refused,
// timed out, ended by a shutdown) rather than of the query: such a failure is the database being
// away, which the caller should hear as 503 UNAVAILABLE ("try again in a moment"), not as a 500
// with its cause. The gate below also keeps queries from queueing behind a database known to be
// away: one query at a time finds out whether it is back, the others fail at once.

/** A query that did not reach a connection in time (db/open.ts); no PostgreSQL error of its own. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  /** 'DATABASE_WAIT_TIMEOUT' or 'DATABASE_DOWN'. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Codes of a connection that failed or was lost: Node's socket errors, postgres.js's own, and
 * PostgreSQL's SQLSTATEs of class 08 (connection exception) and 57P (operator intervention:
 * admin_shutdown, crash_shutdown, cannot_connect_now while starting up or shutting down,
 * database_dropped) and 53300 (too many connections).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'DATABASE_WAIT_TIMEOUT',
  'DATABASE_DOWN',
  '53300',
]);

/** The code of the first error in `error`'s cause chain (drizzle wraps the driver's) that has one. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Whether `code` says the connection to the database failed or was lost. */
function isConnectionCode(code: string): boolean {
  return CONNECTION_CODES.has(code) || code.startsWith('08') || code.startsWith('57P');
}

/**
 * Why the database is unavailable, when `error` (or its cause) says so: the code, and a message for
 * the caller that names no host, query or stack. A statement PostgreSQL cancelled (57014: the
 * statement timeout) is the database not answering in time, also unavailable.
 */
export function databaseUnavailable(error: unknown): { code: string; message: string } | undefined {
  for (const code of codesOf(error)) {
    if (isConnectionCode(code)) {
      return { code, message: 'The database cannot be reached. Please try again in a moment.' };
    }
    if (code === '57014') {
      return {
        code,
        message: 'The database did not answer in time. Please try again in a moment.',
      };
    }
  }
  return undefined;
}

/** Whether `error` is a lost or refused connection (not a query PostgreSQL answered with an error). */
export function isConnectionFailure(error: unknown): boolean {
  return codesOf(error).some(isConnectionCode);
}

/**
 * A breaker in front of the pool: after a query fails for its connection, the database is taken
 * to be away; then one query at a time goes through to find out whether it is back (and carries
 * its request's work if it is), and the others fail at once with DATABASE_DOWN instead of queueing
 * behind connection attempts. The first query that succeeds closes it.
 */
export class DatabaseGate {
  private down = false;
  private probing = false;

  get isDown(): boolean {
    return this.down;
  }

  run<T>(operation: () => PromiseLike<T>): Promise<T> {
    if (!this.down) {
      return Promise.resolve(operation()).then(undefined, (error: unknown) => {
        if (isConnectionFailure(error)) this.down = true;
        throw error;
      });
    }
    if (this.probing) {
      return Promise.reject(
        new DatabaseUnavailableError('DATABASE_DOWN', 'The database is unreachable.'),
      );
    }
    this.probing = true;
    return Promise.resolve(operation()).then(
      (value) => {
        this.probing = false;
        this.down = false;
        return value;
      },
      (error: unknown) => {
        this.probing = false;
        // A query PostgreSQL answered, even with an error, shows it is back.
        if (!isConnectionFailure(error)) this.down = false;
        throw error;
      },
    );
  }
}
