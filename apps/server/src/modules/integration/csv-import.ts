// The CSV import (`pnpm run import <kind> <file.csv>`): the same records as the integration API's
// batch upserts, read from a file whose header names the contract's fields. Every row is checked
// (the contract's schema, then what the kind checks across rows and against the database) before
// anything is written, and the whole file is written in one transaction: a file with any invalid
// row, or an import that is stopped half-way, leaves the database as it was.
import { parse } from 'csv-parse/sync';
import type { Database } from '../../db/open.ts';
import { integrationAudit } from '../../db/schema.ts';
import type { Contract } from '../../http/contract.ts';
import { fieldError } from '../../http/contract.ts';
import { applicantRecords } from './applicants.ts';
import {
  actionItemRecords,
  portalAnnouncementRecords,
  sessionRecords,
  weeklyAnnouncementRecords,
} from './content.ts';
import { studentRecords } from './students.ts';
import { tutorRecords } from './tutors.ts';
import { type Counts, checkRows, type UpsertKind, writeRows } from './upsert.ts';

/** What each kind imports: its rows' contract schema and the upsert it shares with the API. */
export const IMPORT_KINDS = {
  tutors: { schema: 'IntegrationTutor', kind: () => tutorRecords },
  students: { schema: 'IntegrationStudent', kind: () => studentRecords },
  applicants: { schema: 'IntegrationApplicant', kind: () => applicantRecords },
  sessions: { schema: 'IntegrationSession', kind: () => sessionRecords },
  'portal-announcements': {
    schema: 'IntegrationPortalAnnouncement',
    kind: () => portalAnnouncementRecords,
  },
  'weekly-announcements': {
    schema: 'IntegrationWeeklyAnnouncement',
    kind: () => weeklyAnnouncementRecords,
  },
  'action-items': {
    schema: 'IntegrationActionItem',
    kind: (now: Date) => actionItemRecords(now),
  },
} as const;
export type ImportKind = keyof typeof IMPORT_KINDS;

/** Rows written per statement batch inside the one transaction. */
const WRITE_BATCH = 1000;
/** Lists (a student's subjects) are written in one cell, separated by this. */
export const LIST_SEPARATOR = ';';

export interface ImportProblem {
  /** The file's line (the header is line 1); 0 for the file as a whole. */
  line: number;
  /** The column, when one is to blame. */
  column?: string;
  message: string;
}

export type ImportReport =
  | { status: 'invalid'; rows: number; problems: ImportProblem[] }
  | { status: 'checked'; rows: number }
  | { status: 'imported'; rows: number; counts: Counts };

type AnyKind = UpsertKind<{ recordId: string }, object>;

/** The header of a kind's file: every field of its contract schema, required ones first. */
export function importHeader(contract: Contract, kind: ImportKind): string[] {
  const properties = contract.schemaProperties(IMPORT_KINDS[kind].schema);
  return [
    ...properties.filter((property) => property.required),
    ...properties.filter((property) => !property.required),
  ].map((property) => property.name);
}

function cellValue(text: string, type: unknown): unknown {
  const types = Array.isArray(type) ? type : [type];
  if (text === '') return types.includes('null') ? null : undefined;
  if (types.includes('array')) {
    return text
      .split(LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter(Boolean);
  }
  if (types.includes('integer') || types.includes('number')) {
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  if (types.includes('boolean')) return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/**
 * Checks a kind's CSV text and, unless `dryRun`, writes it. `onProgress` hears how many rows are
 * done, for a progress bar.
 */
export async function importCsv(
  db: Database,
  contract: Contract,
  options: {
    kind: ImportKind;
    text: string;
    dryRun: boolean;
    now: Date;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ImportReport> {
  const { schema, kind: kindAt } = IMPORT_KINDS[options.kind];
  const kind = kindAt(options.now) as unknown as AnyKind;
  const properties = contract.schemaProperties(schema);
  const types = new Map(properties.map((property) => [property.name, property.type]));

  let table: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // `info.lines` is the file's line a row ends on: the line a report names.
    table = parse(options.text, {
      bom: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof table;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'invalid', rows: 0, problems: [{ line: 0, message: reason }] };
  }
  const [header, ...cells] = table;
  const columns = (header?.record ?? []).map((name) => name.trim());
  const problems: ImportProblem[] = [];
  for (const name of columns) {
    if (!types.has(name)) problems.push({ line: 1, column: name, message: 'is not a column' });
  }
  for (const property of properties) {
    if (property.required && !columns.includes(property.name)) {
      problems.push({ line: 1, column: property.name, message: 'is a required column' });
    }
  }
  if (new Set(columns).size !== columns.length) {
    problems.push({ line: 1, message: 'a column is named twice' });
  }
  if (cells.length === 0) problems.push({ line: 0, message: 'the file has no rows' });
  if (problems.length > 0) return { status: 'invalid', rows: cells.length, problems };

  const validate = contract.schemaValidator(schema);
  const records: Array<{ recordId: string }> = [];
  const lines = cells.map((row) => row.info.lines);
  for (const [index, { record: row }] of cells.entries()) {
    const line = lines[index] ?? 0;
    const record: Record<string, unknown> = {};
    columns.forEach((name, position) => {
      const value = cellValue((row[position] ?? '').trim(), types.get(name));
      if (value !== undefined) record[name] = value;
    });
    if (!validate(record)) {
      // A cell's problem names its column: the first segment of the field path.
      const { path, message } = fieldError(validate.errors?.[0]);
      const column = path.split('/')[0];
      problems.push(column ? { line, column, message } : { line, message });
    }
    records.push(record as { recordId: string });
  }
  if (problems.length > 0) return { status: 'invalid', rows: records.length, problems };

  const { errors, columns: columnsOf } = await checkRows(db, kind, records);
  errors.forEach((rowErrors, index) => {
    for (const error of rowErrors) {
      // The batch checks name other rows by their index; a file names them by line.
      const message = error.message.replace(
        /^the same as row (\d+)'s$/,
        (_, row: string) => `the same as line ${lines[Number(row)] ?? '?'}'s`,
      );
      problems.push({ line: lines[index] ?? 0, column: error.path, message });
    }
  });
  if (problems.length > 0) return { status: 'invalid', rows: records.length, problems };
  if (options.dryRun) return { status: 'checked', rows: records.length };

  const counts = await db.transaction(async (tx) => {
    const total: Counts = { created: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < records.length; start += WRITE_BATCH) {
      const written = await writeRows(
        tx,
        kind,
        records.slice(start, start + WRITE_BATCH),
        columnsOf,
      );
      total.created += written.counts.created;
      total.updated += written.counts.updated;
      total.unchanged += written.counts.unchanged;
      options.onProgress?.(Math.min(start + WRITE_BATCH, records.length), records.length);
    }
    await tx.insert(integrationAudit).values({
      keyName: 'csv-import',
      operation: kind.operation,
      at: options.now,
      counts: total,
    });
    return total;
  });
  return { status: 'imported', rows: records.length, counts };
}
