import { beforeEach, describe, expect, it, vi } from 'vitest';

const maya = { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' };

// A fresh store per test: its state lives in the module.
async function freshStore() {
  vi.resetModules();
  return import('./authStore');
}

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("saves the Google session's ID token under 'idToken' and replaces it on refresh", async () => {
    const store = await freshStore();
    store.dispatchAuthEvent({ type: 'googleSignedIn', user: maya, idToken: 'token-1' });
    expect(localStorage.getItem('idToken')).toBe('token-1');
    store.dispatchAuthEvent({ type: 'idTokenRefreshed', idToken: 'token-2' });
    expect(localStorage.getItem('idToken')).toBe('token-2');
    expect(store.getAuthState()).toEqual({ status: 'google', user: maya, idToken: 'token-2' });
  });

  it('removes the stored ID token on sign-out', async () => {
    const store = await freshStore();
    store.dispatchAuthEvent({ type: 'googleSignedIn', user: maya, idToken: 'token-1' });
    store.dispatchAuthEvent({ type: 'signedOut' });
    expect(localStorage.getItem('idToken')).toBeNull();
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
  });

  it('clears a stale stored token when the first known state is signed out', async () => {
    localStorage.setItem('idToken', 'stale');
    const store = await freshStore();
    store.dispatchAuthEvent({ type: 'signedOut' });
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it('notifies subscribers of changes only, until they unsubscribe', async () => {
    const store = await freshStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribeToAuthState(listener);
    store.dispatchAuthEvent({ type: 'signedOut' });
    store.dispatchAuthEvent({ type: 'signedOut' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatchAuthEvent({ type: 'googleSignedIn', user: maya, idToken: 'token-1' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('sends no bearer token and refreshes nothing without a Google session', async () => {
    const store = await freshStore();
    store.dispatchAuthEvent({ type: 'signedOut' });
    await expect(store.getIdTokenForRequest()).resolves.toBeNull();
    await expect(store.refreshIdToken()).resolves.toBeNull();
  });
});
