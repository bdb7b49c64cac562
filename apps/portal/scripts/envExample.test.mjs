// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portalBuildEnv } from '../src/config/buildEnv.ts';
import { envExample, envExamplePath, variablesReadByCode } from './envExample.mjs';

describe('build-time variables', () => {
  it('src/config/buildEnv.ts lists exactly the VITE_* variables the code reads', () => {
    expect([...variablesReadByCode()].sort()).toEqual(Object.keys(portalBuildEnv).sort());
  });

  it('apps/portal/.env.example is what the list gives (pnpm --filter @tutoring/portal env:example)', async () => {
    expect(readFileSync(envExamplePath, 'utf8')).toBe(await envExample());
  });
});
