// `tutoring-admin import <kind> <file.csv> [--dry-run]` and `import <kind> --header`: the
// organisation's tutors, students or applicants from a CSV file (`-`: standard input, e.g. into a
// container) into the database. The header names the contract's fields; `--header` prints a
// kind's. The file is UTF-8, or UTF-16 with its byte order mark; every problem of the file is
// reported in one pass. Nothing is written when any row is invalid, and the whole file is one
// transaction (modules/integration/csv-import.ts). Exit codes: 0 imported (or checked), 1 invalid
// rows, 2 usage.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContract } from '../http/contract.ts';
import {
  IMPORT_KINDS,
  type ImportKind,
  type ImportReport,
  importCsv,
  importHeader,
  LIST_SEPARATOR,
} from '../modules/integration/csv-import.ts';
import { AdminError, type AdminIo, adminConfig, EXIT, withDatabase } from './common.ts';

const KINDS = Object.keys(IMPORT_KINDS) as ImportKind[];
export const IMPORT_USAGE =
  'tutoring-admin import <kind> <file.csv|-> [--dry-run]\n' +
  'tutoring-admin import <kind> --header\n' +
  `  (kinds: ${KINDS.join(', ')})`;
/** Problems printed before "and N more". */
const SHOWN_PROBLEMS = 50;
/** Files shorter than this get no progress bar. */
const BAR_FROM_ROWS = 2000;

export async function importCommand(args: string[], io: AdminIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean' }, header: { type: 'boolean' } },
  });
  const [kindName, file, ...extra] = positionals;
  if (!kindName || !KINDS.includes(kindName as ImportKind) || extra.length > 0) {
    throw new AdminError(`usage:\n${IMPORT_USAGE}`);
  }
  const kind = kindName as ImportKind;
  const config = adminConfig(io);
  const contract = loadContract(config.openapiPath);
  if (values.header) {
    io.out(importHeader(contract, kind).join(','));
    io.out(`(lists, such as subjects, in one cell separated by '${LIST_SEPARATOR}')`);
    return EXIT.ok;
  }
  if (!file) throw new AdminError(`usage:\n${IMPORT_USAGE}`);
  const text = await readCsv(file, io);
  const started = performance.now();
  const bar = io.interactive ? progressBar() : undefined;
  const report = await withDatabase(config, (database) =>
    importCsv(database.db, contract, {
      kind,
      text,
      dryRun: values['dry-run'] === true,
      now: new Date(),
      onProgress: (done, total) => {
        if (total >= BAR_FROM_ROWS) bar?.update(done, total);
      },
    }).finally(() => bar?.stop()),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return printReport(report, { file, kind, seconds, io });
}

/** The file's bytes (the import decodes them by their byte order mark); `-` is standard input. */
async function readCsv(file: string, io: AdminIo): Promise<Buffer> {
  if (file === '-') return io.stdin();
  const path = resolve(io.cwd, file);
  try {
    return readFileSync(path);
  } catch (error) {
    throw new AdminError(
      `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function printReport(
  report: ImportReport,
  context: { file: string; kind: ImportKind; seconds: string; io: AdminIo },
): number {
  const { file, kind, seconds, io } = context;
  const name = file === '-' ? 'standard input' : file;
  if (report.status === 'invalid') {
    io.err(`${name}: ${report.problems.length} problem(s); nothing was written.`);
    for (const problem of report.problems.slice(0, SHOWN_PROBLEMS)) {
      const where = problem.line === 0 ? 'file' : `line ${problem.line}`;
      io.err(`  ${where}${problem.column ? `, column ${problem.column}` : ''}: ${problem.message}`);
    }
    if (report.problems.length > SHOWN_PROBLEMS) {
      io.err(`  and ${report.problems.length - SHOWN_PROBLEMS} more`);
    }
    return EXIT.failed;
  }
  if (report.status === 'checked') {
    io.out(`${name}: ${report.rows} ${kind} are valid (dry run: nothing written, ${seconds} s).`);
    return EXIT.ok;
  }
  const { created, updated, unchanged } = report.counts;
  io.out(
    `${name}: ${report.rows} ${kind} imported in ${seconds} s: ${created} created, ${updated} updated, ${unchanged} unchanged.`,
  );
  return EXIT.ok;
}

/** The part of cli-progress (a CommonJS package without types) used here. */
interface SingleBar {
  start(total: number, startValue: number): void;
  update(value: number): void;
  stop(): void;
}
type CliProgress = {
  SingleBar: new (options: {
    format: string;
    clearOnComplete: boolean;
    hideCursor: boolean;
  }) => SingleBar;
};

/** A bar on standard error for files that take a moment; started at the first progress. */
function progressBar(): { update(done: number, total: number): void; stop(): void } {
  const { SingleBar: Bar } = createRequire(import.meta.url)('cli-progress') as CliProgress;
  const bar = new Bar({
    format: 'Writing {bar} {value}/{total} rows',
    clearOnComplete: true,
    hideCursor: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
