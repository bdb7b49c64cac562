import { describe, expect, it } from 'vitest';
import { isIdTokenExpired, readIdTokenClaims } from './idTokenClaims';

function jwt(payload: unknown): string {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe('readIdTokenClaims', () => {
  it('reads the subject, issue and expiry times, and the applicant_email claim', () => {
    expect(
      readIdTokenClaims(
        jwt({ sub: 'applicant-1', iat: 100, exp: 3700, applicant_email: 'sam.rivera@example.com' }),
      ),
    ).toEqual({
      subject: 'applicant-1',
      issuedAt: 100,
      expiresAt: 3700,
      applicantEmail: 'sam.rivera@example.com',
    });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    expect(readIdTokenClaims(jwt({ sub: 'ü-user', applicant_email: 'zoë@example.com' }))).toEqual({
      subject: 'ü-user',
      issuedAt: undefined,
      expiresAt: undefined,
      applicantEmail: 'zoë@example.com',
    });
  });

  it('leaves out claims of the wrong type', () => {
    expect(readIdTokenClaims(jwt({ sub: 7, iat: '100', applicant_email: '' }))).toEqual({
      subject: undefined,
      issuedAt: undefined,
      expiresAt: undefined,
      applicantEmail: undefined,
    });
  });

  it.each([
    ['no dots', 'garbage'],
    ['two parts', 'a.b'],
    ['a payload that is not base64', 'a.%%%.c'],
    ['a payload that is not JSON', `a.${btoa('not json')}.c`],
    ['a payload that is an array', jwt([1, 2])],
    ['a payload that is null', jwt(null)],
  ])('gives null for %s', (_name, token) => {
    expect(readIdTokenClaims(token)).toBeNull();
  });
});

describe('isIdTokenExpired', () => {
  it('compares exp with the current time', () => {
    const token = jwt({ exp: 1000 });
    expect(isIdTokenExpired(token, 999_999)).toBe(false);
    expect(isIdTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('counts a token without exp, or an unreadable one, as expired', () => {
    expect(isIdTokenExpired(jwt({ sub: 'x' }), 0)).toBe(true);
    expect(isIdTokenExpired('garbage', 0)).toBe(true);
  });
});
