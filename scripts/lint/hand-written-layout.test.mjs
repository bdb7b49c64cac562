import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findViolations, inspectStyleSheet } from './hand-written-layout.mjs';

const flexByHand = "export const row = style({ display: 'flex', gap: vars.space.md });";
const explained =
  "// Layout by hand: a grid with named areas, which no primitive has.\nexport const shell = style({ display: 'grid' });";
const atomsOnly =
  "export const button = style([atoms({ display: 'inline-flex', gap: { all: 'sm' } }), { color }]);";

test('counts the hand-written flex and grid declarations of a style sheet', () => {
  assert.deepEqual(inspectStyleSheet(flexByHand), { declarations: 1, explained: false });
  assert.deepEqual(inspectStyleSheet(explained), { declarations: 1, explained: true });
  assert.equal(inspectStyleSheet('display: \'inline-grid\', display: "flex"').declarations, 2);
});

test('layout from the atoms is not written by hand', () => {
  assert.equal(inspectStyleSheet(atomsOnly).declarations, 0);
  assert.equal(inspectStyleSheet("display: 'block'").declarations, 0);
});

test('a style sheet that writes flex without its reason fails, one with its reason passes', () => {
  const { messages } = findViolations([
    { path: 'a.css.ts', text: flexByHand },
    { path: 'b.css.ts', text: explained },
    { path: 'c.css.ts', text: atomsOnly },
  ]);
  assert.equal(messages.length, 1);
  assert.match(messages[0], /^a\.css\.ts: writes display flex\/grid by hand \(1×\)/);
});

test('more style sheets than the limit fail, even with their reasons', () => {
  const sheets = Array.from({ length: 3 }, (_, index) => ({
    path: `${index}.css.ts`,
    text: explained,
  }));
  assert.deepEqual(findViolations(sheets, 3).messages, []);
  const { messages } = findViolations([...sheets, { path: 'x.css.ts', text: explained }], 3);
  assert.equal(messages.length, 1);
  assert.match(
    messages[0],
    /4 style sheets write display flex\/grid by hand; the house allows at most 3/,
  );
});
