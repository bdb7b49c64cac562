// `pnpm run import <kind> <file.csv> [--dry-run]` (from the repository's root; plain `pnpm import`
// is pnpm's own command): the organisation's tutors, students or applicants from a CSV file into
// the database of this environment (DATABASE_URL, or PGlite in DATA_DIR as the server uses; stop
// `npm start` first, PGlite takes one process at a time). The header names the contract's fields;
// `--header` prints a kind's. The file is UTF-8, or UTF-16 with its byte order mark; every problem
// of the file is reported in one pass. Nothing is written when any row is invalid, and the whole
// file is one transaction. Exit codes: 0 imported (or checked), 1 invalid rows, 2 usage.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import { loadContract } from '../src/http/contract.ts';
import {
  IMPORT_KINDS,
  type ImportKind,
  importCsv,
  importHeader,
  LIST_SEPARATOR,
} from '../src/modules/integration/csv-import.ts';

const KINDS = Object.keys(IMPORT_KINDS) as ImportKind[];
const USAGE = `usage: import <${KINDS.join('|')}> <file.csv> [--dry-run] | import <kind> --header`;
/** Problems printed before "and N more". */
const SHOWN_PROBLEMS = 50;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean' }, header: { type: 'boolean' } },
});
const [kind, file] = positionals;
if (!kind || !KINDS.includes(kind as ImportKind)) fail(USAGE);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const contract = loadContract(config.openapiPath);
if (values.header) {
  console.log(importHeader(contract, kind as ImportKind).join(','));
  console.log(`(lists, such as subjects, in one cell separated by '${LIST_SEPARATOR}')`);
  process.exit(0);
}
if (!file) fail(USAGE);
// pnpm runs scripts in the package's folder; a relative path means the caller's folder.
const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
// Bytes, not text: the import decodes them by their byte order mark and refuses what is not valid.
let text: Buffer;
try {
  text = readFileSync(path);
} catch (error) {
  fail(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
}

const started = performance.now();
const database = await openDatabase(config);
// A bar on a terminal for files that take a moment; nothing in logs and pipes.
const bar = process.stderr.isTTY
  ? new SingleBar({
      format: 'Writing {bar} {value}/{total} rows',
      clearOnComplete: true,
      hideCursor: true,
    })
  : undefined;
let barStarted = false;
try {
  const report = await importCsv(database.db, contract, {
    kind: kind as ImportKind,
    text,
    dryRun: values['dry-run'] === true,
    now: new Date(),
    onProgress: (done, total) => {
      if (!bar || total < 2000) return;
      if (!barStarted) {
        bar.start(total, 0);
        barStarted = true;
      }
      bar.update(done);
    },
  });
  if (barStarted) bar?.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.status === 'invalid') {
    console.error(`${file}: ${report.problems.length} problem(s); nothing was written.`);
    for (const problem of report.problems.slice(0, SHOWN_PROBLEMS)) {
      const where = problem.line === 0 ? 'file' : `line ${problem.line}`;
      console.error(
        `  ${where}${problem.column ? `, column ${problem.column}` : ''}: ${problem.message}`,
      );
    }
    if (report.problems.length > SHOWN_PROBLEMS) {
      console.error(`  and ${report.problems.length - SHOWN_PROBLEMS} more`);
    }
    process.exitCode = 1;
  } else if (report.status === 'checked') {
    console.log(
      `${file}: ${report.rows} ${kind} are valid (dry run: nothing written, ${seconds} s).`,
    );
  } else {
    const { created, updated, unchanged } = report.counts;
    console.log(
      `${file}: ${report.rows} ${kind} imported in ${seconds} s: ${created} created, ${updated} updated, ${unchanged} unchanged.`,
    );
  }
} finally {
  if (barStarted) bar?.stop();
  await database.close();
}
