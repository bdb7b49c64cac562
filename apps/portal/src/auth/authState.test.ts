import { describe, expect, it } from 'vitest';
import { type AuthState, authReducer, initialAuthState } from './authState';

const maya = { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' };
const jordan = { uid: 'uid-jordan', email: 'jordan.lee@tutoring.example.org', displayName: null };
const signedInAsMaya: AuthState = { status: 'google', user: maya, idToken: 'token-1' };

describe('authReducer', () => {
  it('starts loading until the first auth state is known', () => {
    expect(initialAuthState).toEqual({ status: 'loading' });
  });

  it('goes from loading to google credentials when Firebase reports a user', () => {
    expect(
      authReducer(initialAuthState, { type: 'googleSignedIn', user: maya, idToken: 'token-1' }),
    ).toEqual(signedInAsMaya);
  });

  it('goes from loading to signedOut when Firebase reports no user', () => {
    expect(authReducer(initialAuthState, { type: 'signedOut' })).toEqual({ status: 'signedOut' });
  });

  it('signs in from signedOut', () => {
    const state = authReducer(
      { status: 'signedOut' },
      { type: 'googleSignedIn', user: maya, idToken: 'token-1' },
    );
    expect(state).toEqual(signedInAsMaya);
  });

  it('clears the credentials on sign-out', () => {
    expect(authReducer(signedInAsMaya, { type: 'signedOut' })).toEqual({ status: 'signedOut' });
  });

  it('switches to another account', () => {
    expect(
      authReducer(signedInAsMaya, { type: 'googleSignedIn', user: jordan, idToken: 'token-2' }),
    ).toEqual({ status: 'google', user: jordan, idToken: 'token-2' });
  });

  it('keeps the same state object when nothing changed, so subscribers do not re-render', () => {
    expect(
      authReducer(signedInAsMaya, {
        type: 'googleSignedIn',
        user: { ...maya },
        idToken: 'token-1',
      }),
    ).toBe(signedInAsMaya);
    const signedOut: AuthState = { status: 'signedOut' };
    expect(authReducer(signedOut, { type: 'signedOut' })).toBe(signedOut);
  });

  it('replaces the ID token of a Google session on refresh', () => {
    expect(authReducer(signedInAsMaya, { type: 'idTokenRefreshed', idToken: 'token-2' })).toEqual({
      ...signedInAsMaya,
      idToken: 'token-2',
    });
  });

  it('ignores a token refresh that lands after sign-out or before the first state', () => {
    const signedOut: AuthState = { status: 'signedOut' };
    expect(authReducer(signedOut, { type: 'idTokenRefreshed', idToken: 'late' })).toBe(signedOut);
    expect(authReducer(initialAuthState, { type: 'idTokenRefreshed', idToken: 'late' })).toBe(
      initialAuthState,
    );
  });
});
