// apps/portal/.env.example from the list of build-time variables (src/config/buildEnv.ts): each
// one with its description and, when the code gives it a plain literal default, that default.
// `pnpm --filter @tutoring/portal env:example` writes it; scripts/envExample.test.mjs checks it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const portalDir = fileURLToPath(new URL('../', import.meta.url));
export const envExamplePath = `${portalDir}.env.example`;

/** The source files of the portal's configuration and app code (tests and stories left out). */
function sources(dir = `${portalDir}src/`) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sources(`${path}/`);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every VITE_* variable the code reads (`env.VITE_…` or `import.meta.env.VITE_…`). */
export function variablesReadByCode() {
  const names = new Set();
  for (const file of sources()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\benv\.(VITE_[A-Z0-9_]+)/g)) {
      names.add(match[1]);
    }
  }
  return names;
}

/** The default a variable gets where it is read, when that is a plain string literal. */
function literalDefaults() {
  const defaults = new Map();
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv\.(VITE_[A-Z0-9_]+),\s*'([^'\n]*)'/g)) {
      defaults.set(match[1], match[2]);
    }
  }
  return defaults;
}

export async function envExample() {
  const { portalBuildEnv } = await import(`${portalDir}src/config/buildEnv.ts`);
  const defaults = literalDefaults();
  const lines = [
    "# The portal's build-time variables (read by Vite when `pnpm build` runs), with what each is for.",
    '# All are optional: a value shown is the default; one left empty defaults to something the code',
    '# works out (see src/config). Written from src/config/buildEnv.ts by',
    '# `pnpm --filter @tutoring/portal env:example`; a test fails when they differ.',
  ];
  for (const [name, description] of Object.entries(portalBuildEnv)) {
    lines.push('', `# ${description}`, `# ${name}=${defaults.get(name) ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}
