import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { describeSignInFailure } from './signInFailure';

describe('describeSignInFailure (§8: the code, then the message)', () => {
  it('gives a callable error its code without the functions/ prefix and its own message', () => {
    const used = new FirebaseError(
      'functions/unauthenticated',
      'This sign-in link has already been used. Request a new one. [401]',
    );
    expect(describeSignInFailure(used)).toEqual({
      code: 'unauthenticated',
      message: 'This sign-in link has already been used. Request a new one.',
    });
  });

  it('explains a Firebase Auth error in words, keeping its code', () => {
    expect(
      describeSignInFailure(
        new FirebaseError(
          'auth/network-request-failed',
          'Firebase: Error (auth/network-request-failed).',
        ),
      ),
    ).toEqual({
      code: 'auth/network-request-failed',
      message: 'We could not reach the sign-in service. Check your connection, then try again.',
    });
    expect(
      describeSignInFailure(new FirebaseError('auth/internal-error', 'Firebase: x')).message,
    ).toBe('Something went wrong while signing you in. Please try again.');
  });

  it('reports anything else as the sign-in service being unavailable', () => {
    expect(
      describeSignInFailure(new TypeError('Failed to fetch dynamically imported module')),
    ).toEqual({
      code: 'unavailable',
      message: 'We could not reach the sign-in service. Check your connection, then try again.',
    });
  });
});

describe('describeSignInFailure of the plain magic-link request', () => {
  it('reads a CallableHttpError as it reads the SDK error: code, then message', async () => {
    const { CallableHttpError } = await import('@tutoring/api/callable-protocol');
    expect(
      describeSignInFailure(
        new CallableHttpError('resource-exhausted', 'Too many sign-in links. [429]'),
      ),
    ).toEqual({ code: 'resource-exhausted', message: 'Too many sign-in links.' });
    expect(
      describeSignInFailure(new CallableHttpError('deadline-exceeded', 'deadline-exceeded')),
    ).toEqual({ code: 'deadline-exceeded', message: 'deadline-exceeded' });
  });
});
