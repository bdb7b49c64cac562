import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../lib/services/sessionState';
import type { AuthEvent } from './authState';

type FakeUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  getIdToken: (forceRefresh?: boolean) => Promise<string>;
};

const sdk = vi.hoisted(() => ({
  auth: { currentUser: null as FakeUser | null },
  authStateListener: undefined as ((user: FakeUser | null) => void) | undefined,
  getRedirectResult: vi.fn<() => Promise<{ user: FakeUser } | null>>(),
  signInWithCustomToken: vi.fn<(auth: unknown, token: string) => Promise<{ user: FakeUser }>>(),
  signOut: vi.fn(async () => undefined),
  getCustomAuthToken: vi.fn<(data: { stepUpToken: string }) => Promise<{ customToken: string }>>(),
}));

vi.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => ({
  getAuth: () => sdk.auth,
  connectAuthEmulator: () => undefined,
  onAuthStateChanged: (_auth: unknown, listener: (user: FakeUser | null) => void) => {
    sdk.authStateListener = listener;
    return () => undefined;
  },
  getRedirectResult: sdk.getRedirectResult,
  signInWithCustomToken: sdk.signInWithCustomToken,
  signInWithPopup: vi.fn(),
  signOut: sdk.signOut,
  GoogleAuthProvider: class {
    setCustomParameters() {}
  },
}));
vi.mock('@tutoring/api/callables', () => ({
  createCallables: () => ({ getCustomAuthToken: sdk.getCustomAuthToken }),
}));

const { startFirebaseSession } = await import('./firebaseSession');

function user(uid: string, idToken = `token-of-${uid}`): FakeUser {
  return { uid, email: null, displayName: null, getIdToken: async () => idToken };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(state: AuthState = { status: 'loading' }) {
  const events: AuthEvent[] = [];
  let current = state;
  const session = startFirebaseSession(
    (event) => events.push(event),
    () => current,
  );
  return {
    session,
    events,
    setState: (next: AuthState) => {
      current = next;
    },
  };
}

describe('the Firebase session', () => {
  beforeEach(() => {
    localStorage.clear();
    sdk.auth.currentUser = null;
    sdk.getRedirectResult.mockReset().mockResolvedValue(null);
    sdk.signInWithCustomToken.mockReset();
    sdk.getCustomAuthToken.mockReset();
    window.history.replaceState(null, '', '/auth');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports a user whose id equals the stored magic user id as magic credentials', async () => {
    localStorage.setItem('magicUserId', 'applicant-sam');
    const { events } = start();
    sdk.auth.currentUser = user('applicant-sam');
    sdk.authStateListener?.(sdk.auth.currentUser);
    await flush();
    expect(events).toEqual([
      {
        type: 'magicSignedIn',
        user: { uid: 'applicant-sam', email: null, displayName: null },
        idToken: 'token-of-applicant-sam',
      },
    ]);
  });

  it('reports any other user as Google credentials', async () => {
    localStorage.setItem('magicUserId', 'applicant-sam');
    const { events } = start();
    sdk.auth.currentUser = user('uid-maya');
    sdk.authStateListener?.(sdk.auth.currentUser);
    await flush();
    expect(events.map((event) => event.type)).toEqual(['googleSignedIn']);
  });

  it('with no user, reports the path and the stored magic items, then reads no redirect result once restored', async () => {
    window.history.replaceState(null, '', '/onboarding/waiver');
    localStorage.setItem('magicIdToken', 'stored-token');
    localStorage.setItem('magicUserId', 'applicant-sam');
    const { events, setState } = start();
    // The store's reducer restores the session on this event.
    setState({
      status: 'magic',
      user: { uid: 'applicant-sam', email: null, displayName: null },
      idToken: 'stored-token',
      applicantEmail: null,
      restored: true,
    });
    sdk.authStateListener?.(null);
    await flush();
    expect(events).toEqual([
      {
        type: 'firebaseReportedNoUser',
        pathname: '/onboarding/waiver',
        storedMagicSession: { idToken: 'stored-token', userId: 'applicant-sam' },
        now: expect.any(Number),
      },
    ]);
    expect(sdk.getRedirectResult).not.toHaveBeenCalled();
  });

  it('otherwise reads the pending Google redirect result, then ends loading', async () => {
    const { events } = start();
    sdk.authStateListener?.(null);
    await flush();
    expect(sdk.getRedirectResult).toHaveBeenCalledTimes(1);
    expect(events).toEqual([
      {
        type: 'firebaseReportedNoUser',
        pathname: '/auth',
        storedMagicSession: null,
        now: expect.any(Number),
      },
      { type: 'redirectResultRead' },
    ]);
  });

  it('reports the user of a redirect sign-in before ending loading', async () => {
    const tutor = user('uid-maya');
    sdk.getRedirectResult.mockImplementation(async () => {
      sdk.auth.currentUser = tutor;
      return { user: tutor };
    });
    const { events } = start();
    sdk.authStateListener?.(null);
    await flush();
    expect(events.map((event) => event.type)).toEqual([
      'firebaseReportedNoUser',
      'googleSignedIn',
      'redirectResultRead',
    ]);
  });

  it('logs a failed redirect result and ends loading', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sdk.getRedirectResult.mockRejectedValue(new Error('auth/network-request-failed'));
    const { events } = start();
    sdk.authStateListener?.(null);
    await flush();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toEqual({ type: 'redirectResultRead' });
  });

  it('signs in with a magic link: step-up token, custom token, then a magic session', async () => {
    sdk.getCustomAuthToken.mockResolvedValue({ customToken: 'custom-token-sam' });
    const { session, events } = start({ status: 'signedOut' });
    sdk.signInWithCustomToken.mockImplementation(async () => {
      const applicant = user('applicant-sam', 'magic-id-token');
      sdk.auth.currentUser = applicant;
      // Firebase reports the new user while its id is not stored yet: not Google credentials.
      sdk.authStateListener?.(applicant);
      return { user: applicant };
    });
    await session.signInWithMagicLink('step-up-token-0123456789');
    expect(sdk.getCustomAuthToken).toHaveBeenCalledWith({
      stepUpToken: 'step-up-token-0123456789',
    });
    expect(sdk.signInWithCustomToken).toHaveBeenCalledWith(sdk.auth, 'custom-token-sam');
    await flush();
    expect(events).toEqual([
      {
        type: 'magicSignedIn',
        user: { uid: 'applicant-sam', email: null, displayName: null },
        idToken: 'magic-id-token',
      },
    ]);
  });

  it('passes a refused step-up token on, without signing in', async () => {
    const refused = Object.assign(new Error('This sign-in link has already been used.'), {
      code: 'functions/unauthenticated',
    });
    sdk.getCustomAuthToken.mockRejectedValue(refused);
    const { session, events } = start({ status: 'signedOut' });
    await expect(session.signInWithMagicLink('used-step-up-token-000')).rejects.toBe(refused);
    expect(sdk.signInWithCustomToken).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('signs out of Firebase and reports it', async () => {
    const { session, events } = start({ status: 'signedOut' });
    await session.signOut();
    expect(sdk.signOut).toHaveBeenCalledWith(sdk.auth);
    expect(events).toEqual([{ type: 'signedOut' }]);
  });
});
