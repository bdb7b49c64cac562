import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../lib/services/sessionState';
import type { AuthEvent } from './authState';
import type { FirebaseSession } from './firebaseSessionTypes';

const maya = { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' };
const samUid = 'applicant-sam';
const samUser = { uid: samUid, email: null, displayName: null };

function jwt(payload: Record<string, unknown>): string {
  return `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);
const samToken = (claims: Record<string, unknown> = {}) =>
  jwt({
    sub: samUid,
    iat: nowSeconds(),
    exp: nowSeconds() + 3600,
    applicant_email: 'sam.rivera@example.com',
    ...claims,
  });

/**
 * A fake of the lazily loaded Firebase session: it reports what a real one would, through the
 * store's dispatch, without the SDK.
 */
const fake = vi.hoisted(() => {
  const fakeState = {
    dispatch: undefined as ((event: AuthEvent) => void) | undefined,
    getState: undefined as (() => AuthState) | undefined,
    starts: 0,
    session: undefined as unknown as FirebaseSession,
  };
  return fakeState;
});

vi.mock('./firebaseSession', () => ({
  startFirebaseSession: (dispatch: (event: AuthEvent) => void, getState: () => AuthState) => {
    fake.dispatch = dispatch;
    fake.getState = getState;
    fake.starts += 1;
    return fake.session;
  },
}));

function createFakeSession(): FirebaseSession {
  let currentToken: string | null = null;
  return {
    callables: {} as FirebaseSession['callables'],
    signInWithGoogle: vi.fn(async () => {
      currentToken = 'google-token';
      fake.dispatch?.({ type: 'googleSignedIn', user: maya, idToken: currentToken });
    }),
    signInWithMagicLink: vi.fn(async (stepUpToken: string) => {
      if (stepUpToken !== 'valid-step-up-token') throw new Error('functions/unauthenticated');
      currentToken = samToken();
      fake.dispatch?.({ type: 'magicSignedIn', user: samUser, idToken: currentToken });
    }),
    signOut: vi.fn(async () => {
      currentToken = null;
      fake.dispatch?.({ type: 'signedOut' });
    }),
    getIdToken: vi.fn(async (forceRefresh: boolean) => {
      if (!currentToken) return null;
      if (forceRefresh) {
        currentToken = samToken({ iat: nowSeconds() + 1 });
        fake.dispatch?.({ type: 'idTokenRefreshed', idToken: currentToken });
      }
      return currentToken;
    }),
  };
}

// A fresh store per test: its state lives in the module.
async function freshStore() {
  vi.resetModules();
  return import('./authStore');
}

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    fake.session = createFakeSession();
    fake.dispatch = undefined;
    fake.starts = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
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

  it('starts Firebase once and hands it the dispatch and the current state', async () => {
    const store = await freshStore();
    await store.loadFirebaseSession();
    await store.loadFirebaseSession();
    expect(fake.starts).toBe(1);
    fake.dispatch?.({ type: 'signedOut' });
    expect(fake.getState?.()).toEqual({ status: 'signedOut' });
  });
});

describe('auth store: magic session', () => {
  beforeEach(() => {
    localStorage.clear();
    fake.session = createFakeSession();
  });

  it('signs in with a magic link: stores magicIdToken and magicUserId, no idToken', async () => {
    localStorage.setItem('idToken', 'old-google-token');
    const store = await freshStore();
    await store.signInWithMagicLink('valid-step-up-token');
    expect(fake.session.signInWithMagicLink).toHaveBeenCalledWith('valid-step-up-token');
    const state = store.getAuthState();
    expect(state).toMatchObject({
      status: 'magic',
      user: samUser,
      applicantEmail: 'sam.rivera@example.com',
      restored: false,
    });
    expect(localStorage.getItem('magicUserId')).toBe(samUid);
    expect(localStorage.getItem('magicIdToken')).toBe(state.status === 'magic' && state.idToken);
    expect(localStorage.getItem('idToken')).toBeNull();
  });

  it('passes a failed magic sign-in on to the caller and stays signed out', async () => {
    const store = await freshStore();
    store.dispatchAuthEvent({ type: 'signedOut' });
    await expect(store.signInWithMagicLink('used-token-0000000')).rejects.toThrow(
      'functions/unauthenticated',
    );
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });

  it("gives the API client the magic session's Firebase token, and refreshes it after a 401", async () => {
    const store = await freshStore();
    await store.signInWithMagicLink('valid-step-up-token');
    const first = await store.getIdTokenForRequest();
    expect(first).toBe(localStorage.getItem('magicIdToken'));
    expect(fake.session.getIdToken).toHaveBeenLastCalledWith(false);
    const refreshed = await store.refreshIdToken();
    expect(fake.session.getIdToken).toHaveBeenLastCalledWith(true);
    expect(refreshed).not.toBe(first);
    // The refreshed token is stored through the idTokenRefreshed transition.
    expect(localStorage.getItem('magicIdToken')).toBe(refreshed);
  });

  it('signOutOfPortal ends a magic session and clears both magic items', async () => {
    const store = await freshStore();
    await store.signInWithMagicLink('valid-step-up-token');
    await store.signOutOfPortal();
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('magicIdToken')).toBeNull();
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });

  it('signOutOfPortal ends a Google session too', async () => {
    const store = await freshStore();
    await store.signInWithGoogle();
    expect(localStorage.getItem('idToken')).toBe('google-token');
    await store.signOutOfPortal();
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('idToken')).toBeNull();
  });
});

describe('auth store: restored magic session', () => {
  beforeEach(() => {
    localStorage.clear();
    fake.session = createFakeSession();
  });

  async function restoredStore(idToken: string) {
    localStorage.setItem('magicIdToken', idToken);
    localStorage.setItem('magicUserId', samUid);
    const store = await freshStore();
    store.dispatchAuthEvent({
      type: 'firebaseReportedNoUser',
      pathname: '/onboarding',
      storedMagicSession: { idToken, userId: samUid },
      now: Date.now(),
    });
    return store;
  }

  it('sends the stored token as the bearer without asking Firebase', async () => {
    const token = samToken();
    const store = await restoredStore(token);
    expect(store.getAuthState()).toMatchObject({ status: 'magic', restored: true });
    await expect(store.getIdTokenForRequest()).resolves.toBe(token);
    expect(fake.session.getIdToken).not.toHaveBeenCalled();
  });

  it('ends and clears both items when the server refuses the token (401: nothing to refresh)', async () => {
    const store = await restoredStore(samToken());
    await expect(store.refreshIdToken()).resolves.toBeNull();
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('magicIdToken')).toBeNull();
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });

  it('ends and clears both items when the stored token has expired by the time of a request', async () => {
    const store = await restoredStore(samToken({ exp: nowSeconds() + 60 }));
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    try {
      await expect(store.getIdTokenForRequest()).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('magicIdToken')).toBeNull();
  });

  it('clears both items when the stored session cannot be restored', async () => {
    const store = await restoredStore(samToken({ exp: nowSeconds() - 1 }));
    expect(store.getAuthState()).toEqual({ status: 'signedOut' });
    expect(localStorage.getItem('magicIdToken')).toBeNull();
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });
});

describe('auth store: token sync (§7)', () => {
  const syncUrl = 'https://sync.tutoring.example.org/session';

  beforeEach(() => {
    localStorage.clear();
    fake.session = createFakeSession();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  function stubFetch() {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('POSTs a fresh token to the configured URL on sign-in and DELETEs on sign-out', async () => {
    vi.stubEnv('VITE_TOKEN_SYNC_URL', syncUrl);
    const fetch = stubFetch();
    const store = await freshStore();
    await store.signInWithMagicLink('valid-step-up-token');
    const token = localStorage.getItem('magicIdToken');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenLastCalledWith(syncUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    await store.signOutOfPortal();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch).toHaveBeenLastCalledWith(syncUrl, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
  });

  it('does not POST a token older than 300 s', async () => {
    vi.stubEnv('VITE_TOKEN_SYNC_URL', syncUrl);
    const fetch = stubFetch();
    const store = await freshStore();
    store.dispatchAuthEvent({
      type: 'googleSignedIn',
      user: maya,
      idToken: jwt({ sub: maya.uid, iat: nowSeconds() - 301 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('syncs nothing when no sync URL is configured', async () => {
    const fetch = stubFetch();
    const store = await freshStore();
    await store.signInWithMagicLink('valid-step-up-token');
    await store.signOutOfPortal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('auth store: a tutoring visit with a stored session (issue 39)', () => {
  const storedToken = () =>
    jwt({ sub: maya.uid, email: maya.email, name: maya.displayName, exp: nowSeconds() + 600 });
  beforeEach(() => {
    localStorage.clear();
    fake.session = createFakeSession();
    fake.dispatch = undefined;
    fake.starts = 0;
    window.history.replaceState(null, '', '/tutoring');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts as the stored session and sends its token without downloading Firebase', async () => {
    const token = storedToken();
    localStorage.setItem('idToken', token);
    const store = await freshStore();
    expect(store.getAuthState()).toEqual({
      status: 'google',
      user: maya,
      idToken: token,
      stored: true,
    });
    await expect(store.getIdTokenForRequest()).resolves.toBe(token);
    expect(store.isFirebaseSessionStarted()).toBe(false);
  });

  it("asks for Firebase once the first screen has the server's answers, and then once", async () => {
    localStorage.setItem('idToken', storedToken());
    const store = await freshStore();
    store.startSession();
    store.startSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The screen's own code and data go first.
    expect(store.isFirebaseSessionStarted()).toBe(false);
    store.firstScreenHasAnswers();
    await vi.waitFor(() => expect(fake.starts).toBe(1));
    store.startSession();
    store.firstScreenHasAnswers();
    expect(fake.starts).toBe(1);
  });

  it('asks for Firebase after 10 s when the first screen never has answers', async () => {
    localStorage.setItem('idToken', storedToken());
    const store = await freshStore();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      store.startSession();
      vi.advanceTimersByTime(store.storedSessionFirebaseDelayMs - 1);
      expect(store.isFirebaseSessionStarted()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(store.isFirebaseSessionStarted()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts Firebase at once when the answers came before a guard asked', async () => {
    localStorage.setItem('idToken', storedToken());
    const store = await freshStore();
    store.firstScreenHasAnswers();
    expect(store.isFirebaseSessionStarted()).toBe(false);
    store.startSession();
    expect(store.isFirebaseSessionStarted()).toBe(true);
  });

  it('starts Firebase at once when nothing usable is stored', async () => {
    localStorage.setItem('idToken', jwt({ sub: maya.uid, exp: nowSeconds() - 1 }));
    const store = await freshStore();
    expect(store.getAuthState()).toEqual({ status: 'loading' });
    store.startSession();
    expect(store.isFirebaseSessionStarted()).toBe(true);
  });

  it('asks Firebase for the bearer once the stored token has expired', async () => {
    localStorage.setItem('idToken', storedToken());
    const store = await freshStore();
    vi.useFakeTimers({ now: Date.now() + 601_000, toFake: ['Date'] });
    try {
      await fake.session.signInWithGoogle();
      // The fake's Google token, not the stored one.
      await expect(store.getIdTokenForRequest()).resolves.toBe('google-token');
    } finally {
      vi.useRealTimers();
    }
  });
});
