// The CSV import (`pnpm run import <kind> <file.csv>`): the same records as the integration API's
// batch upserts, read from a file whose header names the contract's fields. Every row is checked
// (the contract's schema, then what the kind checks across rows and against the database) before
// anything is written, and the whole file is written in one transaction: a file with any invalid
// row, or an import that is stopped half-way, leaves the database as it was. A file is read as
// UTF-8 unless a byte order mark says UTF-16 (or UTF-8); bytes that are not valid in it refuse the
// file, naming each line, and no cell may hold U+FFFD (a character an earlier conversion lost),
// so what is stored is what the file meant. Every problem of a file is reported in one pass: the
// header's, each row's against the contract, and the checks across rows and against the database
// of every row the contract accepts.
import { parse } from 'csv-parse/sync';
import type { Database } from '../../db/open.ts';
import { integrationAudit } from '../../db/schema.ts';
import type { Contract } from '../../http/contract.ts';
import { fieldError } from '../../http/contract.ts';
import { applicantRecords } from './applicants.ts';
import type { AuditChange } from './audit.ts';
import {
  actionItemRecords,
  portalAnnouncementRecords,
  sessionRecords,
  weeklyAnnouncementRecords,
} from './content.ts';
import { studentRecords } from './students.ts';
import { tutorRecords } from './tutors.ts';
import { type Counts, checkRows, OPERATOR, type UpsertKind, writeRows } from './upsert.ts';

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

const REPLACEMENT = '\uFFFD';

/**
 * A file's text, by its byte order mark (UTF-8, UTF-16LE, UTF-16BE) or else as UTF-8, or the
 * lines whose bytes are not valid in that encoding.
 */
export function decodeCsv(bytes: Uint8Array): { text: string } | { problems: ImportProblem[] } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  if (buffer[0] === 0xff && buffer[1] === 0xfe) encoding = 'utf-16le';
  else if (buffer[0] === 0xfe && buffer[1] === 0xff) encoding = 'utf-16be';
  if (encoding !== 'utf-8') {
    // UTF-16BE as little-endian with each pair of bytes swapped: Node's decoder knows LE only.
    const body =
      encoding === 'utf-16be' && buffer.length % 2 === 0 ? Buffer.from(buffer).swap16() : buffer;
    try {
      return { text: new TextDecoder('utf-16le', { fatal: true }).decode(body) };
    } catch {
      return {
        problems: [
          {
            line: 0,
            message: `is not valid ${encoding === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'}, as its byte order mark says`,
          },
        ],
      };
    }
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: decoder.decode(buffer) };
  } catch {
    // Each line on its own, to name every line that is not UTF-8.
    const problems: ImportProblem[] = [];
    let start = 0;
    let line = 1;
    while (start <= buffer.length) {
      const end = buffer.indexOf(0x0a, start);
      const stop = end === -1 ? buffer.length : end;
      try {
        decoder.decode(buffer.subarray(start, stop));
      } catch {
        problems.push({
          line,
          message:
            'is not valid UTF-8 (a Latin-1 or Windows file?): save the file as UTF-8 and import it again',
        });
      }
      if (end === -1) break;
      start = end + 1;
      line += 1;
    }
    return { problems };
  }
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

type Table = Array<{ record: string[]; info: { lines: number } }>;
type Properties = ReturnType<Contract['schemaProperties']>;

/** The file's rows as csv-parse reads them (`info.lines`: the line a row ends on), or its problem. */
function readTable(text: string | Uint8Array): { table: Table } | { problems: ImportProblem[] } {
  const decoded = typeof text === 'string' ? { text } : decodeCsv(text);
  if ('problems' in decoded) return decoded;
  try {
    return {
      table: parse(decoded.text, {
        bom: true,
        skip_empty_lines: true,
        info: true,
      }) as unknown as Table,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problems: [{ line: 0, message: reason }] };
  }
}

/** The header's problems, and whether they leave the rows unreadable. */
function headerProblems(columns: string[], properties: Properties) {
  const problems: ImportProblem[] = [];
  const names = new Set(properties.map((property) => property.name));
  for (const name of columns) {
    if (!names.has(name)) problems.push({ line: 1, column: name, message: 'is not a column' });
  }
  let broken = false;
  for (const property of properties) {
    if (property.required && !columns.includes(property.name)) {
      problems.push({ line: 1, column: property.name, message: 'is a required column' });
      broken = true;
    }
  }
  if (new Set(columns).size !== columns.length) {
    problems.push({ line: 1, message: 'a column is named twice' });
    broken = true;
  }
  return { problems, broken };
}

/**
 * Each row against the contract (problems added to `problems`), and the records it accepts with
 * their lines. A cell holding U+FFFD is a problem of its own.
 */
function readRecords(
  contract: Contract,
  schema: string,
  columns: string[],
  cells: Table,
  problems: ImportProblem[],
) {
  const types = new Map(
    contract.schemaProperties(schema).map((property) => [property.name, property.type]),
  );
  const validate = contract.schemaValidator(schema);
  const records: Array<{ recordId: string }> = [];
  /** The file's line of each record the contract accepts, by its index among them. */
  const lines: number[] = [];
  for (const { record: row, info } of cells) {
    const line = info.lines;
    const record: Record<string, unknown> = {};
    let lost = false;
    columns.forEach((name, position) => {
      if (!types.has(name)) return;
      const cell = (row[position] ?? '').trim();
      if (cell.includes(REPLACEMENT)) {
        problems.push({
          line,
          column: name,
          message:
            'holds U+FFFD, a character lost in an earlier conversion: fix the cell from the original',
        });
        lost = true;
      }
      const value = cellValue(cell, types.get(name));
      if (value !== undefined) record[name] = value;
    });
    if (!validate(record)) {
      // A cell's problem names its column: the first segment of the field path.
      const { path, message } = fieldError(validate.errors?.[0]);
      const column = path.split('/')[0];
      problems.push(column ? { line, column, message } : { line, message });
    } else if (!lost) {
      records.push(record as { recordId: string });
      lines.push(line);
    }
  }
  return { records, lines };
}

/**
 * Checks a kind's CSV file and, unless `dryRun`, writes it. `onProgress` hears how many rows are
 * done, for a progress bar.
 */
export async function importCsv(
  db: Database,
  contract: Contract,
  options: {
    kind: ImportKind;
    /** The file: its bytes (decoded by decodeCsv), or text already decoded. */
    text: string | Uint8Array;
    dryRun: boolean;
    now: Date;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ImportReport> {
  const { schema, kind: kindAt } = IMPORT_KINDS[options.kind];
  const kind = kindAt(options.now) as unknown as AnyKind;

  const read = readTable(options.text);
  if ('problems' in read) return { status: 'invalid', rows: 0, problems: read.problems };
  const [header, ...cells] = read.table;
  const columns = (header?.record ?? []).map((name) => name.trim());
  const { problems, broken } = headerProblems(columns, contract.schemaProperties(schema));
  if (cells.length === 0) problems.push({ line: 0, message: 'the file has no rows' });
  // Without a required column (or with one twice) every row would fail the same way: the header's
  // problems are the file's.
  if (broken || cells.length === 0) return { status: 'invalid', rows: cells.length, problems };

  const { records, lines } = readRecords(contract, schema, columns, cells, problems);
  // The checks across rows and against the database, of the rows the contract accepts.
  const { errors, columns: columnsOf } = await checkRows(db, kind, records, OPERATOR);
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
  if (problems.length > 0) {
    // In the file's order (a stable sort keeps each line's problems as found).
    problems.sort((a, b) => a.line - b.line);
    return { status: 'invalid', rows: cells.length, problems };
  }
  if (options.dryRun) return { status: 'checked', rows: records.length };
  const counts = await writeFile(db, kind, records, columnsOf, options);
  return { status: 'imported', rows: records.length, counts };
}

/** Writes a checked file in one transaction, with its audit entry. */
async function writeFile(
  db: Database,
  kind: AnyKind,
  records: Array<{ recordId: string }>,
  columnsOf: (row: { recordId: string }) => object,
  options: { now: Date; onProgress?: ((done: number, total: number) => void) | undefined },
): Promise<Counts> {
  return db.transaction(async (tx) => {
    const total: Counts = { created: 0, updated: 0, unchanged: 0 };
    const changes: AuditChange[] = [];
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
      changes.push(...written.changes);
      options.onProgress?.(Math.min(start + WRITE_BATCH, records.length), records.length);
    }
    await tx.insert(integrationAudit).values({
      keyName: 'csv-import',
      operation: kind.operation,
      at: options.now,
      counts: total,
      recordIds: records.map((record) => record.recordId),
      changes,
    });
    return total;
  });
}
