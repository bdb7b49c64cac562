// The CSV import: the example files, idempotency, the dry run, a report of bad rows by line and
// column with nothing written, and (on PostgreSQL, as a process) a kill -9 half-way through that
// leaves the whole file or nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, integrationAudit, students, tutors } from '../src/db/schema.ts';
import { type ImportKind, importCsv, importHeader } from '../src/modules/integration/csv-import.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { contract } from './support/calls.ts';
import {
  createPostgresDatabase,
  onPostgres,
  openTestDatabase,
  type TestDatabase,
} from './support/database.ts';
import { authEmulatorHost } from './support/emulator.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const example = (kind: ImportKind) =>
  readFileSync(join(serverDir, 'import-examples', `${kind}.csv`), 'utf8');

let database: TestDatabase;
const run = (kind: ImportKind, text: string | Uint8Array, dryRun = false) =>
  importCsv(database.handle.db, contract, { kind, text, dryRun, now: new Date() });

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.handle.db, { now: new Date() });
});
afterAll(() => database?.dispose());

describe('CSV import', () => {
  it('imports the example files, and the same files again leave everything unchanged', async () => {
    const kinds = [
      'tutors',
      'students',
      'applicants',
      'sessions',
      'portal-announcements',
      'weekly-announcements',
      'action-items',
    ] as const;
    for (const kind of kinds) {
      const first = await run(kind, example(kind));
      expect(first.status, JSON.stringify(first)).toBe('imported');
      if (first.status !== 'imported') continue;
      expect(first.counts.created).toBe(first.rows);
      expect(await run(kind, example(kind))).toEqual({
        status: 'imported',
        rows: first.rows,
        counts: { created: 0, updated: 0, unchanged: first.rows },
      });
    }
    const [lucia] = await database.handle.db
      .select()
      .from(students)
      .where(eq(students.externalRecordId, 'rec-student-001'));
    expect(lucia).toMatchObject({ firstName: 'Lucia', subjects: ['Math', 'Reading'] });
    const audit = await database.handle.db
      .select()
      .from(integrationAudit)
      .where(eq(integrationAudit.keyName, 'csv-import'));
    expect(audit).toHaveLength(kinds.length * 2);
  });

  it('checks a file without writing it on a dry run', async () => {
    const changed = example('students').replace('Lucia,Ramos', 'Lucía,Ramos');
    expect(await run('students', changed, true)).toEqual({ status: 'checked', rows: 3 });
    const [lucia] = await database.handle.db
      .select()
      .from(students)
      .where(eq(students.externalRecordId, 'rec-student-001'));
    expect(lucia?.firstName).toBe('Lucia');
  });

  it('reports every bad row by line and column, and writes none of the file', async () => {
    const header = importHeader(contract, 'applicants').join(',');
    const text = [
      header,
      'rec-new-1,TUT-9001,Jo,Park,jo.park@example.com,,,,,',
      '',
      'rec-new-2,TUT-9002,Lee,Cho,not-an-e-mail,,,,,',
      `rec-new-3,TUT-9003,Sam,Again,${DEMO_APPLICANT_EMAILS.sam},,,,,`,
      'rec-new-4,TUT-9004,Kim,Lo,kim.lo@example.com,,Hired,,,',
      'rec-new-5,,Ana,Li,ana.li@example.com,,,,,',
      'rec-new-1,TUT-9006,Jo,Twice,jo.twice@example.com,,,,,',
    ].join('\n');
    const report = await run('applicants', text);
    // Every problem in one pass, in the file's order: the contract's (lines 4, 6, 7; the blank
    // line 3 is skipped but counted) and those across rows and against the database (5, 8).
    expect(report.status === 'invalid' && report.problems).toEqual([
      { line: 4, column: 'email', message: 'must match format "email"' },
      { line: 5, column: 'email', message: 'belongs to an applicant without a record id' },
      { line: 6, column: 'status', message: 'must be equal to one of the allowed values' },
      { line: 7, column: 'tutorCode', message: 'is required' },
      { line: 8, column: 'recordId', message: "the same as line 2's" },
    ]);
    const written = await database.handle.db
      .select()
      .from(applicants)
      .where(like(applicants.externalRecordId, 'rec-new-%'));
    expect(written).toEqual([]);

    const wrongHeader = await run('applicants', 'recordId,name\nx,y\n');
    expect(wrongHeader.status === 'invalid' && wrongHeader.problems).toEqual(
      expect.arrayContaining([
        { line: 1, column: 'name', message: 'is not a column' },
        { line: 1, column: 'email', message: 'is a required column' },
      ]),
    );
  });
});

describe('CSV encodings', () => {
  const header = () => importHeader(contract, 'tutors').join(',');
  const tutorLine = (n: number, firstName: string) =>
    `rec-enc-${n},TUT-ENC${n},${firstName},Nguyen,enc${n}@tutoring.example.org`;
  const tutorFile = (names: string[], offset: number) =>
    [
      header().split(',').slice(0, 5).join(','),
      ...names.map((name, index) => tutorLine(offset + index, name)),
    ].join('\n');
  const firstNames = async (offset: number, count: number) => {
    const rows = await database.handle.db
      .select({ recordId: tutors.externalRecordId, firstName: tutors.firstName })
      .from(tutors)
      .where(like(tutors.externalRecordId, 'rec-enc-%'));
    return Array.from(
      { length: count },
      (_, index) => rows.find((row) => row.recordId === `rec-enc-${offset + index}`)?.firstName,
    );
  };

  it('refuses a file that is not UTF-8, naming every line, and writes nothing', async () => {
    // A Latin-1 file: é is the single byte 0xE9, not UTF-8.
    const bytes = Buffer.from(tutorFile(['Zoé', 'Ana', 'René'], 10), 'latin1');
    const report = await run('tutors', bytes);
    expect(report.status === 'invalid' && report.problems).toEqual([
      {
        line: 2,
        message:
          'is not valid UTF-8 (a Latin-1 or Windows file?): save the file as UTF-8 and import it again',
      },
      {
        line: 4,
        message:
          'is not valid UTF-8 (a Latin-1 or Windows file?): save the file as UTF-8 and import it again',
      },
    ]);
    expect(await firstNames(10, 3)).toEqual([undefined, undefined, undefined]);
  });

  it('decodes a file by its byte order mark: UTF-8, UTF-16LE and UTF-16BE', async () => {
    const names = ['Zoé', 'Łucja', '陳'];
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(tutorFile(names, 20)),
    ]);
    const le = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(tutorFile(names, 30), 'utf16le'),
    ]);
    const be = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(tutorFile(names, 40), 'utf16le').swap16(),
    ]);
    for (const [bytes, offset] of [
      [utf8, 20],
      [le, 30],
      [be, 40],
    ] as const) {
      const report = await run('tutors', bytes);
      expect(report.status, JSON.stringify(report)).toBe('imported');
      expect(await firstNames(offset, 3)).toEqual(names);
    }
    // A BOM that lies (UTF-16LE's on a UTF-8 file with an odd byte) is refused, not guessed.
    const lying = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${tutorFile(['Zoé'], 50)}\n`),
    ]);
    expect((await run('tutors', lying)).status).toBe('invalid');
  });

  it('never stores U+FFFD: a cell that holds it is a problem of its line and column', async () => {
    const report = await run('tutors', Buffer.from(tutorFile(['Zo\uFFFD', 'Ana'], 60)));
    expect(report.status === 'invalid' && report.problems).toEqual([
      {
        line: 2,
        column: 'firstName',
        message:
          'holds U+FFFD, a character lost in an earlier conversion: fix the cell from the original',
      },
    ]);
    const stored = await database.handle.db
      .select({ firstName: tutors.firstName })
      .from(tutors)
      .where(like(tutors.firstName, '%\uFFFD%'));
    expect(stored).toEqual([]);
  });
});

describe.runIf(onPostgres())('the import command, killed half-way (PostgreSQL)', () => {
  it('leaves the whole file or nothing', async () => {
    const target = await createPostgresDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'csv-import-'));
    const rows = 3000;
    const file = join(folder, 'students.csv');
    writeFileSync(
      file,
      [
        importHeader(contract, 'students').join(','),
        ...Array.from(
          { length: rows },
          (_, i) =>
            `rec-kill-${i},KILL-${i},Student${i},Family,,+1555${String(3000000 + i)},G,F,+1556${String(3000000 + i)},English,English,,,,,,Math,`,
        ),
      ].join('\n'),
    );
    const command = () =>
      spawn(process.execPath, ['src/admin/main.ts', 'import', 'students', file], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: target.url,
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const watcher = new pg.Client({ connectionString: target.url });
    await watcher.connect();
    const imported = () =>
      watcher
        .query(`select count(*)::int as n from students where external_record_id like 'rec-kill-%'`)
        .then((result) => result.rows[0].n as number);
    try {
      const child = command();
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Killed while it writes: its INSERTs are running inside the one transaction.
      await expect
        .poll(
          async () =>
            (
              await watcher.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and query ilike 'insert into "students"%'`,
              )
            ).rows[0].n,
          { timeout: 60_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      child.kill('SIGKILL');
      await exited;
      expect(await imported()).toBe(0);

      const again = command();
      const code = await new Promise<number | null>((resolve) => again.once('exit', resolve));
      expect(code).toBe(0);
      expect(await imported()).toBe(rows);
    } finally {
      await watcher.end();
      await target.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
