// What of an error reaches the log: its kind, code and a message scrubbed of personal data, never
// the values it carries. A failed query's error holds the query's parameters (drizzle's message
// and `params`, PGlite's `params`, postgres.js's `parameters`), a constraint violation's `detail`
// holds the row's values ("Key (email)=(…) already exists"), and a refused e-mail's error holds
// the recipient: e-mail addresses, phone numbers, message bodies and key hashes of the database.

/** Fields that name what failed, never a value: the database's and Node's error codes. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'routine',
  'schema',
  'schema_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'constraint',
  'constraint_name',
  'responseCode',
  'command',
] as const;

const MAX_CAUSE_DEPTH = 3;
const EMAIL = /[^\s"'<>()[\]{},;:]+@[^\s"'<>()[\]{},;:]+\.[A-Za-z]{2,}/g;
// E.164 (how numbers are stored) and 10 or more digits in a row (a number typed without a plus).
const PHONE = /\+\d{6,15}\b|\b\d{10,15}\b/g;
// A database message quotes the value it refused ('invalid input syntax for type uuid: "…"').
const QUOTED = /"[^"]*"/g;

/** A message with e-mail addresses and phone numbers replaced (and quoted values, if asked). */
export function scrubMessage(message: string, options: { quotedValues?: boolean } = {}): string {
  let scrubbed = message.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
  if (options.quotedValues) scrubbed = scrubbed.replace(QUOTED, '"[value]"');
  return scrubbed;
}

/** drizzle's wrapper of a failed query: its message is the SQL and the parameters themselves. */
function isFailedQuery(error: Error): boolean {
  return error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query:');
}

/** An error of the database (a SQLSTATE of five characters, or a query attached to it). */
function isDatabaseError(error: Error): boolean {
  const fields = error as unknown as Record<string, unknown>;
  return (
    (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) ||
    'params' in fields ||
    'parameters' in fields ||
    'query' in fields
  );
}

/** The identifiers a database error names in its own fields (a constraint, a table, a column). */
function identifiersOf(fields: Record<string, unknown>): Set<string> {
  const names = ['schema', 'schema_name', 'table', 'table_name', 'column', 'column_name'];
  names.push('constraint', 'constraint_name');
  return new Set(names.map((name) => fields[name]).filter((v) => typeof v === 'string'));
}

function safeMessage(error: Error): string {
  if (isFailedQuery(error)) return 'Failed query (its SQL and parameters are not logged)';
  if (!isDatabaseError(error)) return scrubMessage(error.message);
  // Quoted values go, quoted names of what failed stay ('… unique constraint "tutors_email…"').
  const identifiers = identifiersOf(error as unknown as Record<string, unknown>);
  return scrubMessage(error.message).replace(QUOTED, (quoted) =>
    identifiers.has(quoted.slice(1, -1)) ? quoted : '"[value]"',
  );
}

/** The stack's frames only: its first line repeats the message, parameters and all. */
function stackFrames(error: Error): string {
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  return frames.join('\n');
}

/** What a logged error becomes: the shape pino's own serializer gives, with fewer fields. */
export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  /** The stack's frames, without the first line (the message); '' when there are none. */
  stack: string;
}

/**
 * pino's `err` serializer for the app's logger. Unlike pino's own, which copies every enumerable
 * field (a query's parameters included), it keeps only the fields that name the failure.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    const message = scrubMessage(String(error), { quotedValues: true });
    return { type: typeof error, message, stack: '' };
  }
  const fields = error as unknown as Record<string, unknown>;
  const serialized: SerializedError = {
    // drizzle's DrizzleQueryError keeps the name 'Error': its class says what it is.
    type: error.name === 'Error' ? error.constructor.name : error.name,
    message: safeMessage(error),
    stack: stackFrames(error),
  };
  for (const field of SAFE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') {
      serialized[field] = typeof value === 'string' ? scrubMessage(value) : value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}
