import { describe, expect, it } from 'vitest';
import { readReturnPath, returnPathState, returnPathText, sameOriginPath } from './returnPath';

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

describe('returnPathText', () => {
  it('joins path and query', () => {
    expect(returnPathText({ pathname: '/onboarding/waiver', search: '?a=1' })).toBe(
      '/onboarding/waiver?a=1',
    );
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://portal.tutoring.example.org';

  it.each([
    ['/onboarding/waiver', '/onboarding/waiver'],
    ['/onboarding?tab=2#top', '/onboarding?tab=2#top'],
    [`${origin}/onboarding/training`, '/onboarding/training'],
    ['onboarding', '/onboarding'],
  ])('keeps %s as %s', (value, path) => {
    expect(sameOriginPath(value, origin)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another origin', 'https://evil.example.com/onboarding'],
    ['another scheme of the same host', 'http://portal.tutoring.example.org/onboarding'],
    ['a protocol-relative URL', '//evil.example.com/onboarding'],
    ['a backslash URL', '/\\evil.example.com/onboarding'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a malformed URL', 'http://['],
  ])('refuses %s', (_name, value) => {
    expect(sameOriginPath(value, origin)).toBeUndefined();
  });
});
