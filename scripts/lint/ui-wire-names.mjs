#!/usr/bin/env node
// packages/ui speaks the product's words (ARCHITECTURE.md): its props and view models are named
// `firstName`, `subjects`, `createdAt`, never the backend's wire names (`First_Name`,
// `Subject_s_`, `created_at`); the portal's features map the api's types to them. This check reads
// every .ts and .tsx under packages/ui/src (stories included) with the TypeScript compiler API and
// reports each wire name it finds where a prop or a view-model field is named:
//
//   - a property (or method) signature of an interface or a type literal,
//   - a destructured binding (`{ First_Name }`, `{ First_Name: name }`),
//   - a JSX attribute (`<StudentRow First_Name="Ana" />`).
//
// A wire name is an identifier with an inner underscore. Not wire names: leading underscores
// (`__html`, `_private`), and all-upper-case constants such as DOMPurify's `USE_PROFILES`.
//
//   node scripts/lint/ui-wire-names.mjs   check packages/ui/src; exit 1 on a finding
//   (its tests: ui-wire-names.test.mjs)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const uiSourceDir = join(repoRoot, 'packages', 'ui', 'src');

/**
 * Whether a name is a wire name: an underscore after its first non-underscore character, in a
 * name that is not all upper case.
 */
export function isWireName(name) {
  if (!/[^_]_/.test(name)) return false;
  return name !== name.toUpperCase();
}

/** The text of a property or binding name, or null for a computed one (`[key]`). */
function nameText(name) {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName?.(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/** What the named thing is, for the message: 'a property of StudentRowStudent', … */
function describeMember(node) {
  const owner = node.parent;
  if (ts.isInterfaceDeclaration(owner)) return `a property of interface ${owner.name.text}`;
  const alias = ts.findAncestor(owner, ts.isTypeAliasDeclaration);
  return alias
    ? `a property of a type literal in ${alias.name.text}`
    : 'a property of a type literal';
}

function jsxTagName(attribute) {
  const element = attribute.parent.parent;
  return element.tagName.getText();
}

/** The names to check in one node: [name node, text, what it is], or none. */
function namesIn(node) {
  if (ts.isPropertySignature(node) || ts.isMethodSignature(node)) {
    const isMember = ts.isInterfaceDeclaration(node.parent) || ts.isTypeLiteralNode(node.parent);
    return isMember ? [[node.name, nameText(node.name), describeMember(node)]] : [];
  }
  if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
    // `{ First_Name: name }` reads the wire field First_Name; `{ First_Name }` binds it too.
    const prop = node.propertyName ?? node.name;
    return ts.isIdentifier(prop) || ts.isStringLiteral(prop)
      ? [[prop, nameText(prop), 'a destructured prop']]
      : [];
  }
  if (ts.isJsxAttribute(node)) {
    return [[node.name, nameText(node.name), `a JSX attribute of <${jsxTagName(node)}>`]];
  }
  return [];
}

/**
 * The wire names of one source file: { file, line, column, name, message }, in source order.
 * `fileName` decides TS or TSX and names the file in the findings.
 */
export function checkSource(fileName, text) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const findings = [];
  const visit = (node) => {
    for (const [nameNode, name, what] of namesIn(node)) {
      if (name === null || !isWireName(name)) continue;
      const start = nameNode.getStart(source);
      const { line, character } = source.getLineAndCharacterOfPosition(start);
      findings.push({
        file: fileName,
        line: line + 1,
        column: character + 1,
        name,
        message:
          `packages/ui speaks the product's words: rename \`${name}\` (${what}) to a camelCase ` +
          "name in the product's words (e.g. `firstName`, `subjects`, `createdAt`); the portal " +
          'maps the api type in its feature.',
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Every .ts and .tsx file under a directory, sorted, skipping node_modules. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files.sort();
}

function checkUi() {
  const files = sourceFiles(uiSourceDir);
  const findings = files.flatMap((path) =>
    checkSource(relative(repoRoot, path).split(sep).join('/'), readFileSync(path, 'utf8')),
  );
  for (const finding of findings) {
    console.error(`${finding.file}:${finding.line}:${finding.column}: ${finding.message}`);
  }
  const where = `${files.length} files of packages/ui/src`;
  if (findings.length === 0) {
    console.log(`ui-wire-names: no wire names in ${where}`);
    return 0;
  }
  const fileCount = new Set(findings.map((finding) => finding.file)).size;
  console.log(
    `ui-wire-names: ${findings.length} wire name${findings.length === 1 ? '' : 's'} in ` +
      `${fileCount} of ${where}: rename them in the product's words`,
  );
  return 1;
}

function main(args) {
  if (args.length > 0) {
    console.error(`ui-wire-names: unknown option(s) ${args.join(' ')}`);
    return 2;
  }
  return checkUi();
}

// Run as a command; imported (by a test or the lint layer), it only exports its checks.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
