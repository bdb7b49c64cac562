import { describe, expect, it } from 'vitest';
import { signInRedirectTarget } from './signInRedirect';

const at = (pathAndQuery: string) => new URL(pathAndQuery, 'https://portal.example.org');

describe('signInRedirectTarget', () => {
  it('keeps the whole query string when a token is present', () => {
    expect(signInRedirectTarget(at('/signin.html?token=abc&email=sam%40example.com'))).toBe(
      '/auth/?token=abc&email=sam%40example.com',
    );
  });

  it('goes to /auth without a token', () => {
    expect(signInRedirectTarget(at('/signin.html'))).toBe('/auth');
    expect(signInRedirectTarget(at('/signin.html?email=sam%40example.com'))).toBe('/auth');
  });

  it('counts an empty token value as present', () => {
    expect(signInRedirectTarget(at('/signin.html?token='))).toBe('/auth/?token=');
  });
});
