import { describe, expect, it } from 'vitest';
import { readReturnPath, returnPathState } from './returnPath';

describe('return path in location state', () => {
  it('keeps the path plus query of the page asked for', () => {
    const state = returnPathState({ pathname: '/tutoring', search: '?student=42' });
    expect(readReturnPath(state)).toEqual({ pathname: '/tutoring', search: '?student=42' });
  });

  it.each([
    ['no state', null],
    ['no from', { other: 1 }],
    ['a string from', { from: '/tutoring' }],
    ['an absolute URL', { from: { pathname: 'https://evil.example.com/', search: '' } }],
    ['a protocol-relative path', { from: { pathname: '//evil.example.com/x', search: '' } }],
    ['a backslash path', { from: { pathname: '/\\evil.example.com', search: '' } }],
    ['a search without ?', { from: { pathname: '/tutoring', search: 'x=1' } }],
  ])('ignores %s', (_name, state) => {
    expect(readReturnPath(state)).toBeUndefined();
  });
});
