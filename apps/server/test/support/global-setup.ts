// Once per test run: checks that the Auth emulator answers, and on PGlite builds a migrated
// template database that every test file loads (creating a PGlite cluster takes seconds; loading
// a dump of one takes well under one).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { usePglite } from '../../src/db/open.ts';
import { authEmulatorHost } from './emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dump of a migrated, empty PGlite database ('' when running on PostgreSQL). */
    pgliteTemplatePath: string;
  }
}

export default async function setup(project: TestProject) {
  const host = authEmulatorHost();
  try {
    await fetch(`http://${host}/`);
  } catch {
    throw new Error(
      `The Firebase Auth emulator at ${host} (FIREBASE_AUTH_EMULATOR_HOST) does not answer.`,
    );
  }

  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'server-test-template-'));
  const client = await PGlite.create();
  const handle = await usePglite(client);
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(folder, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(folder, { recursive: true, force: true });
}
