#!/usr/bin/env node
// House rule (ARCHITECTURE.md, "Layout"): pages and components arrange the layout primitives of
// packages/ui (Box, Stack, Inline, Columns, Tiles, PageColumn) instead of writing flex and grid in
// their own `.css.ts`. A style sheet that still writes `display: flex | inline-flex | grid |
// inline-grid` must say why a primitive does not serve, in a comment beginning "Layout by hand:",
// and at most MAX_FILES style sheets may do so.
//
//   node scripts/lint/hand-written-layout.mjs          check; exits 1 on a violation
//   node scripts/lint/hand-written-layout.mjs --list   also list the files that write it
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_FILES = 10;
const ROOTS = ['packages/ui/src', 'apps/portal/src'];
const handWrittenDisplay = /\bdisplay:\s*(['"`])(inline-)?(flex|grid)\1/g;
const reason = /\/\/\s*Layout by hand:\s*\S|\/\*+[\s*]*Layout by hand:\s*\S/;

/** The text without its `atoms({...})` calls: layout taken from the atoms is not by hand. */
function withoutAtomCalls(text) {
  let result = '';
  let index = 0;
  for (
    let start = text.indexOf('atoms(', index);
    start !== -1;
    start = text.indexOf('atoms(', index)
  ) {
    result += text.slice(index, start);
    let depth = 0;
    let end = start + 'atoms'.length;
    do {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')') depth -= 1;
      end += 1;
    } while (depth > 0 && end < text.length);
    index = end;
  }
  return result + text.slice(index);
}

/** The findings for one style sheet's text: how many declarations, and whether it says why. */
export function inspectStyleSheet(text) {
  const declarations = [...withoutAtomCalls(text).matchAll(handWrittenDisplay)].length;
  return { declarations, explained: reason.test(text) };
}

/** Every rule broken by these style sheets ({ path, text }), as messages; empty when none. */
export function findViolations(sheets, maxFiles = MAX_FILES) {
  const writers = sheets
    .map((sheet) => ({ ...sheet, ...inspectStyleSheet(sheet.text) }))
    .filter((sheet) => sheet.declarations > 0);
  const messages = writers
    .filter((sheet) => !sheet.explained)
    .map(
      (sheet) =>
        `${sheet.path}: writes display flex/grid by hand (${sheet.declarations}×) without saying ` +
        "why: arrange Stack, Inline, Columns, Tiles or Box (atoms() for another library's " +
        "element), or give the reason in a comment beginning 'Layout by hand:'.",
    );
  if (writers.length > maxFiles) {
    messages.push(
      `${writers.length} style sheets write display flex/grid by hand; the house allows at most ` +
        `${maxFiles}. Move one to the layout primitives.`,
    );
  }
  return { writers, messages };
}

function styleSheets(repoRoot) {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...ROOTS], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path.endsWith('.css.ts') && existsSync(join(repoRoot, path)));
  return files.map((path) => ({ path, text: readFileSync(join(repoRoot, path), 'utf8') }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const { writers, messages } = findViolations(styleSheets(repoRoot));
  if (process.argv.includes('--list')) {
    for (const sheet of writers) console.log(`  ${sheet.path} (${sheet.declarations})`);
  }
  for (const message of messages) console.error(`✖ ${message}`);
  console.log(
    `hand-written layout: ${writers.length} of at most ${MAX_FILES} style sheets write flex or ` +
      `grid by hand, ${messages.length === 0 ? 'each with its reason' : `${messages.length} problem(s)`}`,
  );
  process.exitCode = messages.length === 0 ? 0 : 1;
}
