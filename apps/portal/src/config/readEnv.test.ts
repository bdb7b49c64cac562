import { describe, expect, it } from 'vitest';
import { optionalUrlFromEnv, textFromEnv, urlFromEnv } from './readEnv';

describe('build-time settings', () => {
  it('uses the default when the variable is unset or blank', () => {
    expect(textFromEnv(undefined, 'tutoring.example.org')).toBe('tutoring.example.org');
    expect(textFromEnv('  ', 'tutoring.example.org')).toBe('tutoring.example.org');
    expect(urlFromEnv('VITE_X', '', 'https://www.tutoring.example.org/a')).toBe(
      'https://www.tutoring.example.org/a',
    );
    expect(optionalUrlFromEnv('VITE_X', undefined)).toBeUndefined();
  });

  it('takes an override', () => {
    expect(textFromEnv(' example.edu ', 'tutoring.example.org')).toBe('example.edu');
    expect(urlFromEnv('VITE_X', 'https://forms.example.edu/report', 'https://x.example/')).toBe(
      'https://forms.example.edu/report',
    );
    expect(optionalUrlFromEnv('VITE_X', 'http://127.0.0.1:9099')).toBe('http://127.0.0.1:9099');
  });

  it('refuses a malformed or non-http URL', () => {
    expect(() => urlFromEnv('VITE_X', 'not a url', 'https://x.example/')).toThrow(/VITE_X/);
    expect(() => urlFromEnv('VITE_X', 'javascript:alert(1)', 'https://x.example/')).toThrow(
      /http\(s\)/,
    );
  });
});
