import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const CONTRACT = new URL('../../../openapi.yaml', import.meta.url);
const GENERATED = new URL('./schema.d.ts', import.meta.url);
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const STALE = 'src/schema.d.ts is stale: run `pnpm --filter @tutoring/api generate`';

describe('src/schema.d.ts', () => {
  it('matches the types generated in memory from openapi.yaml', async () => {
    // The CLI writes exactly COMMENT_HEADER + astToString(openapiTS(...)) with default flags.
    const expected = `${COMMENT_HEADER}${astToString(await openapiTS(CONTRACT, { silent: true }))}`;
    expect(await readFile(GENERATED, 'utf8'), STALE).toBe(expected);
  });

  it('is byte-identical to what the generate CLI writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tutoring-api-schema-'));
    try {
      const output = join(dir, 'schema.d.ts');
      const cli = join(PACKAGE_DIR, 'node_modules/openapi-typescript/bin/cli.js');
      await promisify(execFile)(process.execPath, [cli, fileURLToPath(CONTRACT), '-o', output], {
        cwd: PACKAGE_DIR,
      });
      expect(await readFile(GENERATED, 'utf8'), STALE).toBe(await readFile(output, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
