import { describe, expect, it } from 'vitest';
import type { AuthState } from '../lib/services/sessionState';
import {
  authReducer,
  authTransition,
  initialAuthState,
  initialAuthStateOf,
  signedInEvent,
} from './authState';
import type { StoredSessionKeys } from './sessionStorageKeys';

const maya = { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' };
const jordan = { uid: 'uid-jordan', email: 'jordan.lee@tutoring.example.org', displayName: null };
const signedInAsMaya: AuthState = { status: 'google', user: maya, idToken: 'token-1' };

const now = Date.UTC(2025, 2, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

/** An unsigned JWT with the given payload: the browser only reads claims, the server verifies. */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(payload)}.`;
}

const samUid = 'applicant-sam';
const samEmail = 'sam.rivera@example.com';
const samToken = jwt({
  sub: samUid,
  iat: seconds(now) - 60,
  exp: seconds(now) + 3540,
  applicant_email: samEmail,
});
const samRefreshedToken = jwt({
  sub: samUid,
  iat: seconds(now),
  exp: seconds(now) + 3600,
  applicant_email: samEmail,
});
const samUser = { uid: samUid, email: null, displayName: null };
const signedInAsSam: AuthState = {
  status: 'magic',
  user: samUser,
  idToken: samToken,
  applicantEmail: samEmail,
  restored: false,
};
const restoredSam: AuthState = { ...signedInAsSam, restored: true };
const storedSam = { idToken: samToken, userId: samUid };
const signedOut: AuthState = { status: 'signedOut' };

function noUserReport(pathname: string, storedMagicSession = storedSam as typeof storedSam | null) {
  return { type: 'firebaseReportedNoUser', pathname, storedMagicSession, now } as const;
}

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

describe('signedInEvent: Google or magic credentials (§4)', () => {
  it('treats a user whose id equals the stored magic user id as magic credentials', () => {
    expect(signedInEvent(samUser, samToken, samUid)).toEqual({
      type: 'magicSignedIn',
      user: samUser,
      idToken: samToken,
    });
  });

  it('treats any other user as Google credentials', () => {
    expect(signedInEvent(maya, 'token-1', samUid)).toEqual({
      type: 'googleSignedIn',
      user: maya,
      idToken: 'token-1',
    });
    expect(signedInEvent(maya, 'token-1', null).type).toBe('googleSignedIn');
  });
});

describe('authTransition: Google session', () => {
  it('saves the ID token and offers it to the token sync when a Google user signs in', () => {
    expect(
      authTransition(initialAuthState, { type: 'googleSignedIn', user: maya, idToken: 'token-1' }),
    ).toEqual({
      state: signedInAsMaya,
      effects: [
        { type: 'saveIdToken', idToken: 'token-1' },
        { type: 'syncToken', idToken: 'token-1' },
      ],
    });
  });

  it('saves and syncs a refreshed token, and does nothing for the same token', () => {
    expect(
      authTransition(signedInAsMaya, { type: 'idTokenRefreshed', idToken: 'token-2' }).effects,
    ).toEqual([
      { type: 'saveIdToken', idToken: 'token-2' },
      { type: 'syncToken', idToken: 'token-2' },
    ]);
    expect(
      authTransition(signedInAsMaya, { type: 'idTokenRefreshed', idToken: 'token-1' }),
    ).toEqual({ state: signedInAsMaya, effects: [] });
  });

  it('on sign-out clears the ID token and deletes the synced token, keeping no magic items to clear', () => {
    expect(authTransition(signedInAsMaya, { type: 'signedOut' })).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }, { type: 'unsyncToken', idToken: 'token-1' }],
    });
  });

  it('ends when Firebase no longer holds the user (signed out elsewhere)', () => {
    expect(authTransition(signedInAsMaya, noUserReport('/tutoring', null))).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }, { type: 'unsyncToken', idToken: 'token-1' }],
    });
  });

  it('replaces a magic session: the magic items go', () => {
    expect(
      authTransition(signedInAsSam, { type: 'googleSignedIn', user: maya, idToken: 'token-1' }),
    ).toEqual({
      state: signedInAsMaya,
      effects: [
        { type: 'saveIdToken', idToken: 'token-1' },
        { type: 'clearMagicSession' },
        { type: 'syncToken', idToken: 'token-1' },
      ],
    });
  });
});

describe('authTransition: magic session', () => {
  it('starts a magic session with the applicant e-mail of the token claim, storing both items', () => {
    expect(
      authTransition(initialAuthState, { type: 'magicSignedIn', user: samUser, idToken: samToken }),
    ).toEqual({
      state: signedInAsSam,
      effects: [
        { type: 'clearIdToken' },
        { type: 'saveMagicSession', session: { idToken: samToken, userId: samUid } },
        { type: 'syncToken', idToken: samToken },
      ],
    });
  });

  it('knows no applicant e-mail when the token carries no claim', () => {
    const state = authReducer(signedOut, {
      type: 'magicSignedIn',
      user: samUser,
      idToken: jwt({ sub: samUid }),
    });
    expect(state).toMatchObject({ status: 'magic', applicantEmail: null, restored: false });
  });

  it('replaces a Google session: the Google ID token goes', () => {
    expect(
      authTransition(signedInAsMaya, { type: 'magicSignedIn', user: samUser, idToken: samToken })
        .effects,
    ).toEqual([
      { type: 'clearIdToken' },
      { type: 'saveMagicSession', session: { idToken: samToken, userId: samUid } },
      { type: 'syncToken', idToken: samToken },
    ]);
  });

  it('keeps the same state when Firebase reports the same magic user again', () => {
    expect(
      authTransition(signedInAsSam, {
        type: 'magicSignedIn',
        user: { ...samUser },
        idToken: samToken,
      }),
    ).toEqual({ state: signedInAsSam, effects: [] });
  });

  it('stores a refreshed magic token under magicIdToken', () => {
    expect(
      authTransition(signedInAsSam, { type: 'idTokenRefreshed', idToken: samRefreshedToken }),
    ).toEqual({
      state: { ...signedInAsSam, idToken: samRefreshedToken },
      effects: [
        { type: 'saveMagicSession', session: { idToken: samRefreshedToken, userId: samUid } },
        { type: 'syncToken', idToken: samRefreshedToken },
      ],
    });
  });

  it('magic sign-out also clears the two stored magic items', () => {
    expect(authTransition(signedInAsSam, { type: 'signedOut' })).toEqual({
      state: signedOut,
      effects: [
        { type: 'clearIdToken' },
        { type: 'clearMagicSession' },
        { type: 'unsyncToken', idToken: samToken },
      ],
    });
  });

  it('ends, clearing its items, when Firebase no longer holds the magic user', () => {
    expect(authTransition(signedInAsSam, noUserReport('/onboarding'))).toEqual({
      state: signedOut,
      effects: [
        { type: 'clearIdToken' },
        { type: 'clearMagicSession' },
        { type: 'unsyncToken', idToken: samToken },
      ],
    });
  });
});

describe('authTransition: Firebase reports no user', () => {
  it.each(['/onboarding', '/onboarding/waiver'])(
    'on %s restores the stored magic session as a stub user with no e-mail',
    (pathname) => {
      expect(authTransition(initialAuthState, noUserReport(pathname))).toEqual({
        state: restoredSam,
        effects: [{ type: 'clearIdToken' }, { type: 'syncToken', idToken: samToken }],
      });
    },
  );

  it('restores from signedOut too', () => {
    expect(authReducer(signedOut, noUserReport('/onboarding'))).toEqual(restoredSam);
  });

  it.each([
    ['an expired token', jwt({ sub: samUid, exp: seconds(now) - 1 })],
    ['a token without exp', jwt({ sub: samUid })],
    ['a token of another user', jwt({ sub: 'applicant-alex', exp: seconds(now) + 600 })],
    ['an undecodable token', 'not-a-jwt'],
    ['a token whose payload is not JSON', 'a.bm90IGpzb24.'],
  ])('clears both magic items and ends loading for %s', (_name, idToken) => {
    const report = noUserReport('/onboarding', { idToken, userId: samUid });
    expect(authTransition(initialAuthState, report)).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }, { type: 'clearMagicSession' }],
    });
    expect(authTransition(signedOut, report)).toEqual({
      state: signedOut,
      effects: [{ type: 'clearMagicSession' }],
    });
  });

  it('keeps loading, leaving the magic items alone, outside /onboarding: the redirect result decides', () => {
    expect(authTransition(initialAuthState, noUserReport('/auth'))).toEqual({
      state: initialAuthState,
      effects: [],
    });
  });

  it('keeps loading on /onboarding when no magic session is stored', () => {
    expect(authTransition(initialAuthState, noUserReport('/onboarding', null))).toEqual({
      state: initialAuthState,
      effects: [],
    });
  });

  it('leaves a restored session as it is (Firebase never held its user)', () => {
    expect(authTransition(restoredSam, noUserReport('/onboarding'))).toEqual({
      state: restoredSam,
      effects: [],
    });
  });
});

describe('authTransition: the Google redirect result', () => {
  it('ends loading as signed out when there was no redirect sign-in, or reading it failed', () => {
    expect(authTransition(initialAuthState, { type: 'redirectResultRead' })).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }],
    });
  });

  it('changes nothing once a state is known (a sign-in may have finished first)', () => {
    for (const state of [signedOut, signedInAsMaya, signedInAsSam, restoredSam]) {
      expect(authTransition(state, { type: 'redirectResultRead' })).toEqual({
        state,
        effects: [],
      });
    }
  });
});

describe('authTransition: a restored magic session', () => {
  it('ignores token refreshes: no Firebase user stands behind it', () => {
    expect(authTransition(restoredSam, { type: 'idTokenRefreshed', idToken: 'other' })).toEqual({
      state: restoredSam,
      effects: [],
    });
  });

  it('becomes a Firebase-held session when the magic user signs in again', () => {
    expect(
      authTransition(restoredSam, {
        type: 'magicSignedIn',
        user: samUser,
        idToken: samRefreshedToken,
      }),
    ).toEqual({
      state: { ...signedInAsSam, idToken: samRefreshedToken },
      effects: [
        { type: 'saveMagicSession', session: { idToken: samRefreshedToken, userId: samUid } },
        { type: 'syncToken', idToken: samRefreshedToken },
      ],
    });
  });

  it('on sign-out clears the two magic items', () => {
    expect(authTransition(restoredSam, { type: 'signedOut' }).effects).toContainEqual({
      type: 'clearMagicSession',
    });
  });

  it('signing out before the first state is known clears only the ID token', () => {
    expect(authTransition(initialAuthState, { type: 'signedOut' })).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }],
    });
  });
});

describe('initialAuthStateOf: a visit to a signed-in area starts from the stored session (issue 39)', () => {
  const mayaToken = jwt({
    sub: maya.uid,
    email: maya.email,
    name: maya.displayName,
    iat: seconds(now) - 600,
    exp: seconds(now) + 3000,
  });
  const keys = (stored: Partial<StoredSessionKeys>): StoredSessionKeys => ({
    idToken: null,
    magicUserId: null,
    magicSession: null,
    ...stored,
  });
  const storedMaya: AuthState = {
    status: 'google',
    user: maya,
    idToken: mayaToken,
    stored: true,
  };

  it.each(['/tutoring', '/tutoring/messenger/student-1'])(
    'is the stored Google session on %s, its user read from the token',
    (pathname) => {
      expect(initialAuthStateOf(pathname, keys({ idToken: mayaToken }), now)).toEqual(storedMaya);
    },
  );

  it.each([
    ['on a public page', '/', keys({ idToken: mayaToken })],
    ['in a path that only begins like the area', '/tutoringx', keys({ idToken: mayaToken })],
    ['without a stored token', '/tutoring', keys({})],
    [
      'with an expired token',
      '/tutoring',
      keys({ idToken: jwt({ sub: maya.uid, exp: seconds(now) }) }),
    ],
    ['with a token that is not a JWT', '/tutoring', keys({ idToken: 'not-a-jwt' })],
    [
      'with a token without a subject',
      '/tutoring',
      keys({ idToken: jwt({ exp: seconds(now) + 60 }) }),
    ],
    [
      'when a magic user id is stored (Firebase holds an applicant)',
      '/tutoring',
      keys({ idToken: mayaToken, magicUserId: samUid }),
    ],
  ])('is loading %s', (_case, pathname, stored) => {
    expect(initialAuthStateOf(pathname, stored, now)).toEqual(initialAuthState);
  });

  it('is the restored magic session on /onboarding, and loading when it cannot be restored', () => {
    expect(
      initialAuthStateOf(
        '/onboarding/waiver',
        keys({ magicSession: storedSam, magicUserId: samUid }),
        now,
      ),
    ).toEqual(restoredSam);
    const expired = { idToken: jwt({ sub: samUid, exp: seconds(now) }), userId: samUid };
    expect(initialAuthStateOf('/onboarding', keys({ magicSession: expired }), now)).toEqual(
      initialAuthState,
    );
    expect(initialAuthStateOf('/tutoring', keys({ magicSession: storedSam }), now)).toEqual(
      initialAuthState,
    );
  });

  it("becomes Firebase's session when Firebase reports the same user, with nothing to store or sync again", () => {
    const { state, effects } = authTransition(storedMaya, {
      type: 'googleSignedIn',
      user: maya,
      idToken: mayaToken,
    });
    expect(state).toEqual({ status: 'google', user: maya, idToken: mayaToken });
    expect(effects).toEqual([]);
  });

  it('is replaced by the user Firebase reports, whose token is stored and synced', () => {
    const { state, effects } = authTransition(storedMaya, {
      type: 'googleSignedIn',
      user: jordan,
      idToken: 'jordan-token',
    });
    expect(state).toEqual({ status: 'google', user: jordan, idToken: 'jordan-token' });
    expect(effects).toEqual([
      { type: 'saveIdToken', idToken: 'jordan-token' },
      { type: 'syncToken', idToken: 'jordan-token' },
    ]);
  });

  it('goes back to loading when Firebase reports no user, and the redirect result ends it, clearing the token', () => {
    const loading = authTransition(storedMaya, noUserReport('/tutoring', null));
    expect(loading).toEqual({ state: initialAuthState, effects: [] });
    expect(authTransition(loading.state, { type: 'redirectResultRead' })).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }],
    });
  });

  it('ends at sign-out like any Google session', () => {
    expect(authTransition(storedMaya, { type: 'signedOut' })).toEqual({
      state: signedOut,
      effects: [{ type: 'clearIdToken' }, { type: 'unsyncToken', idToken: mayaToken }],
    });
  });
});
