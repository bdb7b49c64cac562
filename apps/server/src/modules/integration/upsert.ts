// The batch upsert every kind of record of the integration API shares: rows keyed by the
// organisation's record id, each created, updated or unchanged; checks the contract cannot express
// (duplicates in the batch, values that belong to another record, references to unknown records)
// reject the whole batch. A written batch records its audit entry in its own transaction; a refused
// one is recorded as its answer is sent (audit.ts).
import { isDeepStrictEqual } from 'node:util';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { integrationAudit, type students, type tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { type AuditChange, maskPhone } from './audit.ts';

export interface FieldError {
  path: string;
  message: string;
}

export type RowOutcome =
  | { recordId: string; status: 'created' | 'updated' | 'unchanged' }
  | { recordId: string; status: 'valid' }
  | { recordId: string; status: 'error'; errors: FieldError[] };

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who writes: a key's scopes (keys.ts), or the operator's CSV import, which may write anything. */
export interface Caller {
  scopes: readonly string[];
}
export const OPERATOR: Caller = { scopes: ['write'] };

export interface UpsertKind<Row extends { recordId: string }, Columns extends object> {
  /** The operation's name in the audit. */
  operation: string;
  /**
   * Reads what the checks and the columns need, adds each row's errors to `errors` (same order as
   * the rows), and returns the columns a good row stores.
   */
  prepare(
    db: Database,
    rows: Row[],
    errors: FieldError[][],
    caller: Caller,
  ): Promise<(row: Row) => Columns>;
  /** Phone columns whose every change the audit records one by one, old and new, masked. */
  auditedPhones?: ReadonlyArray<keyof Columns & string>;
  /** The stored rows with these record ids: their id and the columns a row sets. */
  existing(tx: Transaction, recordIds: string[]): Promise<Map<string, { id: string } & Columns>>;
  insert(tx: Transaction, recordId: string, columns: Columns): Promise<void>;
  update(tx: Transaction, id: string, columns: Columns): Promise<void>;
}

/**
 * `field` values that appear twice in the batch: the later row gets the error, naming the first.
 * Values are compared as `normalise` gives them (e.g. e-mails in lower case).
 */
export function duplicatesInBatch<Row>(
  rows: Row[],
  errors: FieldError[][],
  fields: Array<[path: string, value: (row: Row) => string | null | undefined]>,
): void {
  for (const [path, value] of fields) {
    const first = new Map<string, number>();
    rows.forEach((row, index) => {
      const key = value(row);
      if (key === null || key === undefined) return;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, index);
      else errors[index]?.push({ path, message: `the same as row ${earlier}'s` });
    });
  }
}

/** Ids of the stored tutors or students with these record ids, by record id. */
export async function idsByRecordId(
  db: Database,
  table: typeof tutors | typeof students,
  recordIds: string[],
): Promise<Map<string | null, string>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, recordId: table.externalRecordId })
    .from(table)
    .where(inArray(table.externalRecordId, [...new Set(recordIds)]));
  return new Map(rows.map((row) => [row.recordId, row.id]));
}

/**
 * Every row's errors (same order as the rows; the contract's own checks are done before) and the
 * columns each good row stores.
 */
export async function checkRows<Row extends { recordId: string }, Columns extends object>(
  db: Database,
  kind: UpsertKind<Row, Columns>,
  rows: Row[],
  caller: Caller,
): Promise<{ errors: FieldError[][]; columns: (row: Row) => Columns }> {
  const errors: FieldError[][] = rows.map(() => []);
  duplicatesInBatch(rows, errors, [['recordId', (row) => row.recordId]]);
  const columns = await kind.prepare(db, rows, errors, caller);
  return { errors, columns };
}

export type Counts = { created: number; updated: number; unchanged: number };

/** Writes checked rows inside `tx`: each created, updated, or left alone when it is unchanged. */
export async function writeRows<Row extends { recordId: string }, Columns extends object>(
  tx: Transaction,
  kind: UpsertKind<Row, Columns>,
  rows: Row[],
  columns: (row: Row) => Columns,
): Promise<{ rows: RowOutcome[]; counts: Counts; changes: AuditChange[] }> {
  const stored = await kind.existing(
    tx,
    rows.map((row) => row.recordId),
  );
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  const outcomes: RowOutcome[] = [];
  const changes: AuditChange[] = [];
  for (const row of rows) {
    const wanted = columns(row);
    const current = stored.get(row.recordId);
    for (const field of kind.auditedPhones ?? []) {
      const from = (current as Record<string, unknown> | undefined)?.[field] ?? null;
      const to = (wanted as Record<string, unknown>)[field] ?? null;
      if (from !== to) {
        changes.push({
          recordId: row.recordId,
          field,
          from: maskPhone(from as string | null),
          to: maskPhone(to as string | null),
        });
      }
    }
    let status: 'created' | 'updated' | 'unchanged';
    if (!current) {
      await kind.insert(tx, row.recordId, wanted);
      status = 'created';
    } else if (
      Object.entries(wanted).every(([column, value]) =>
        isDeepStrictEqual((current as Record<string, unknown>)[column], value),
      )
    ) {
      status = 'unchanged';
    } else {
      await kind.update(tx, current.id, wanted);
      status = 'updated';
    }
    counts[status] += 1;
    outcomes.push({ recordId: row.recordId, status });
  }
  return { rows: outcomes, counts, changes };
}

/** What a call's audit entry needs: the key, the time, its scopes, and a note once recorded. */
export interface CallAudit {
  keyName: string;
  at: Date;
  scopes: readonly string[];
  /** The entry is in the write's transaction: the call's hook (audit.ts) adds none. */
  recorded: () => void;
}

export async function upsertBatch<Row extends { recordId: string }, Columns extends object>(
  db: Database,
  kind: UpsertKind<Row, Columns>,
  rows: Row[],
  audit: CallAudit,
): Promise<{ rows: RowOutcome[]; counts: Counts }> {
  const { errors, columns } = await checkRows(db, kind, rows, { scopes: audit.scopes });
  if (errors.some((rowErrors) => rowErrors.length > 0)) {
    throw new ApiError(400, 'Some rows are invalid; nothing was written.', {
      rows: rows.map((row, index): RowOutcome => {
        const rowErrors = errors[index] ?? [];
        return rowErrors.length > 0
          ? { recordId: row.recordId, status: 'error', errors: rowErrors }
          : { recordId: row.recordId, status: 'valid' };
      }),
    });
  }

  const result = await db.transaction(async (tx) => {
    const written = await writeRows(tx, kind, rows, columns);
    await tx.insert(integrationAudit).values({
      keyName: audit.keyName,
      operation: kind.operation,
      at: audit.at,
      status: 200,
      counts: written.counts,
      recordIds: rows.map((row) => row.recordId),
      changes: written.changes,
    });
    return { rows: written.rows, counts: written.counts };
  });
  audit.recorded();
  return result;
}
