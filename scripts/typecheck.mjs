// `pnpm typecheck` (the typecheck layer of `npm test`): every TypeScript project of the workspace,
// strict, with TypeScript 7's native compiler (the catalog's `typescript-native`). It checks the
// whole workspace in 17-20 s where TypeScript 6's tsc took 52-64 s on two cores. The workspace's
// own `typescript` stays 6, for the tools that use the compiler's API (openapi-typescript,
// family-language.test.ts) and for editors; both compilers pass on the same code.
//
//   node scripts/typecheck.mjs [project-dir …]   check some projects (default: all of them)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot, run } from './lib/process.mjs';

/** Every project with a tsconfig.json, in the order a failure is most useful to read. */
const projects = [
  'packages/api',
  'packages/ui',
  'apps/portal',
  'apps/server',
  '.storybook',
  'e2e',
  'bench',
  'bench/api',
];

const nativeTsc = join(
  dirname(createRequire(join(repoRoot, 'package.json')).resolve('typescript-native/package.json')),
  'bin/tsc',
);

const chosen = process.argv.length > 2 ? process.argv.slice(2) : projects;
const failed = [];
// One at a time: the native compiler checks a project on several threads by itself.
for (const project of chosen) {
  const started = performance.now();
  const code = await run(process.execPath, [
    nativeTsc,
    '-p',
    join(project, 'tsconfig.json'),
    '--noEmit',
  ]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${code === 0 ? '✔' : '✖'} ${project} (${seconds} s)`);
  if (code !== 0) failed.push(project);
}
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(', ')}`);
  process.exit(1);
}
