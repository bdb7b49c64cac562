import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSource, isWireName } from './ui-wire-names.mjs';

const violatingSource = `
export interface StudentRowStudent {
  id: string;
  First_Name: string;
  Subject_s_: readonly string[];
}
export type Task = { Action_Item_ID: string; title: string; 'created_at': string };
export function Row({ First_Name, grade, Last_Name: lastName }: StudentRowStudent) {
  return <Card Lesson_Name={First_Name} data-student-id={grade} aria-label={lastName} />;
}
`;

const cleanSource = `
declare global {
  interface Window { __timelineXss?: boolean; _private?: string }
}
export interface StudentRowStudent {
  id: string;
  firstName: string;
  subjects: readonly string[];
  createdAt: string;
}
const config = { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] };
export function Row({ firstName, subjects }: StudentRowStudent) {
  const { __html } = { __html: firstName };
  const wire = { First_Name: 'object literals are not props' };
  return <div dangerouslySetInnerHTML={{ __html }} data-student-id={subjects[0]} />;
}
type Options = { USE_PROFILES: { html: boolean } };
`;

test('a wire name has an inner underscore and is not all upper case', () => {
  assert.equal(isWireName('First_Name'), true);
  assert.equal(isWireName('Subject_s_'), true);
  assert.equal(isWireName('created_at'), true);
  assert.equal(isWireName('_private_thing'), true);
  assert.equal(isWireName('__html'), false);
  assert.equal(isWireName('_private'), false);
  assert.equal(isWireName('USE_PROFILES'), false);
  assert.equal(isWireName('firstName'), false);
});

test('finds every prop, view-model field, binding and JSX attribute named like the wire', () => {
  const found = checkSource('Violating.tsx', violatingSource);
  assert.deepEqual(
    found.map(({ line, name }) => `${line} ${name}`),
    [
      '4 First_Name',
      '5 Subject_s_',
      '7 Action_Item_ID',
      '7 created_at',
      '8 First_Name',
      '8 Last_Name',
      '9 Lesson_Name',
    ],
  );
  assert.match(found[0].message, /packages\/ui speaks the product's words: rename `First_Name`/);
  assert.match(found[0].message, /interface StudentRowStudent/);
  assert.match(found[0].message, /the portal maps the api type in its feature/);
  assert.match(found[6].message, /a JSX attribute of <Card>/);
});

test("a source in the product's words passes", () => {
  assert.deepEqual(checkSource('Clean.tsx', cleanSource), []);
  // A .ts file is parsed without JSX: a type assertion is not a tag.
  assert.deepEqual(checkSource('clean.ts', 'const n = <number>(1 as unknown);'), []);
});
