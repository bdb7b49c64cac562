// Issue 37, item 2: the operator's commands (src/admin/, the `tutoring-admin` bin), run in process
// through runAdmin on this run's database (a PGlite folder, or a new PostgreSQL database). The
// `container` layer of `npm test` runs the built commands from a deployed folder and in the image.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIo } from '../src/admin/common.ts';
import { runAdmin } from '../src/admin/run.ts';
import {
  createPostgresDatabase,
  onPostgres,
  pgliteDataDirFromTemplate,
} from './support/database.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tutorsCsv = readFileSync(join(serverDir, 'import-examples', 'tutors.csv'));

let env: NodeJS.ProcessEnv;
let cleanUp: () => Promise<void>;
beforeAll(async () => {
  const postgres = onPostgres() ? await createPostgresDatabase() : undefined;
  // On PGlite, a folder holding the run's migrated template: each command opens it again.
  const dataDir = pgliteDataDirFromTemplate('server-admin-');
  env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    FIREBASE_AUTH_EMULATOR_HOST: undefined,
  };
  cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
});
afterAll(() => cleanUp?.());

/** One command line; its exit code and what it printed. */
async function admin(args: string[], stdin: string | Buffer = '') {
  const out: string[] = [];
  const err: string[] = [];
  const io: AdminIo = {
    env,
    cwd: serverDir,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    stdin: async () => Buffer.from(stdin),
    interactive: false,
  };
  const code = await runAdmin(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('tutoring-admin', () => {
  it('migrate applies and reports the migrations of this build', async () => {
    const migrated = await admin(['migrate']);
    expect(migrated).toMatchObject({ code: 0, err: '' });
    expect(migrated.out).toMatch(/has all \d+ migrations of this build \(the last: \d{4}_/);
  });

  it('seed fills an empty database once, with the demo key outside production', async () => {
    expect(await admin(['seed'])).toMatchObject({ code: 0, out: 'Seeded the demo data.' });
    expect(await admin(['seed'])).toMatchObject({
      code: 0,
      out: 'The database has data: not seeding.',
    });
    expect((await admin(['keys', 'list'])).out).toMatch(/^demo +write +tpk_demo/m);
  });

  it('keys: create (scopes checked by the module), list, revoke', async () => {
    const created = await admin([
      'keys',
      'create',
      '--name',
      'crm',
      '--scope',
      'read tutors:write',
    ]);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created key crm \(read tutors:write\)\./);
    expect(created.out).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/m);

    const unknownScope = await admin(['keys', 'create', '--name', 'x', '--scope', 'admin']);
    expect(unknownScope.code).toBe(2);
    expect(unknownScope.err).toMatch(
      /A key's scopes are one or more of: read, write, .*\(not admin\)/,
    );
    expect((await admin(['keys', 'create', '--name', 'crm', '--scope', 'read'])).err).toMatch(
      /A key named crm exists already/,
    );

    expect((await admin(['keys', 'list'])).out).toMatch(
      /^crm +read tutors:write +tpk_.*never used$/m,
    );
    expect(await admin(['keys', 'revoke', '--name', 'crm'])).toMatchObject({
      code: 0,
      out: 'Revoked crm: it opens nothing from now on.',
    });
    expect(await admin(['keys', 'revoke', '--name', 'crm'])).toMatchObject({
      code: 1,
      err: 'No key named crm is active.',
    });
    expect((await admin(['keys', 'list'])).out).toMatch(/^crm .* REVOKED \d{4}-/m);
  });

  it('import: --header, --dry-run writes nothing, the import, invalid rows exit 1', async () => {
    const header = await admin(['import', 'tutors', '--header']);
    expect(header.code).toBe(0);
    expect(header.out.split('\n')[0]).toBe(tutorsCsv.toString().split('\n')[0]);

    const rows = tutorsCsv.toString().trim().split('\n').length - 1;
    const dryRun = await admin(['import', 'tutors', '-', '--dry-run'], tutorsCsv);
    expect(dryRun).toMatchObject({ code: 0 });
    expect(dryRun.out).toMatch(new RegExp(`^standard input: ${rows} tutors are valid \\(dry run`));
    const imported = await admin(['import', 'tutors', 'import-examples/tutors.csv']);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(new RegExp(`${rows} tutors imported in .*: ${rows} created,`));
    const again = await admin(['import', 'tutors', 'import-examples/tutors.csv']);
    expect(again.out).toMatch(new RegExp(`0 created, 0 updated, ${rows} unchanged`));

    const invalid = await admin(['import', 'tutors', '-'], 'recordId,tutorCode\nrec-1,\n');
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/^standard input: \d+ problem\(s\); nothing was written\./);
    const missing = await admin(['import', 'tutors', 'no-such-file.csv']);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toMatch(/^Cannot read .*no-such-file\.csv/);
  });

  it('usage: no command, an unknown one or a bad option exits 2 with the usage', async () => {
    const lines = [
      [],
      ['rotate'],
      ['toString'],
      ['keys', 'create', '--name', 'x'],
      ['keys', '--bogus'],
    ];
    for (const args of lines) {
      const result = await admin(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toContain('tutoring-admin keys create --name <name>');
    }
    expect(await admin(['import', 'pets', 'x.csv'])).toMatchObject({ code: 2 });
    expect((await admin(['--help'])).out).toContain('tutoring-admin migrate');
  });

  it('a configuration the server would refuse is refused the same way (exit 2)', async () => {
    const saved = env;
    env = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'tutoring-production' };
    try {
      const refused = await admin(['keys', 'list']);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/DATABASE_URL is required/);
    } finally {
      env = saved;
    }
  });
});
