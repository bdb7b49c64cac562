// The authentication state machine (§4): a pure transition function from the current state and an
// event to the next state plus the side effects on the stored keys (§3) and the optional token sync
// (§7). The auth store applies the effects; the Firebase session turns SDK callbacks into events.

import { isInArea, paths } from '../lib/paths';
import type { AuthState, AuthUser } from '../lib/services/sessionState';
import { readIdTokenClaims } from './idTokenClaims';
import type { StoredMagicSession, StoredSessionKeys } from './sessionStorageKeys';

export type AuthEvent =
  /** Firebase holds a user with Google credentials (a popup or redirect sign-in, or a reload). */
  | { readonly type: 'googleSignedIn'; readonly user: AuthUser; readonly idToken: string }
  /** Firebase holds the magic-link user (custom-token sign-in, or the stored magic user id matched). */
  | { readonly type: 'magicSignedIn'; readonly user: AuthUser; readonly idToken: string }
  /**
   * Firebase reports no user. On a path beginning with /onboarding the stored magic items may
   * restore a session; `now` (ms) decides whether the stored token has expired.
   */
  | {
      readonly type: 'firebaseReportedNoUser';
      readonly pathname: string;
      readonly storedMagicSession: StoredMagicSession | null;
      readonly now: number;
    }
  /** The pending Google redirect result was read and held no user, or reading it failed. */
  | { readonly type: 'redirectResultRead' }
  /** Sign-out, or a session that cannot go on: the credentials are cleared. */
  | { readonly type: 'signedOut' }
  | { readonly type: 'idTokenRefreshed'; readonly idToken: string };

/** A side effect of a transition, applied by the auth store in order. */
export type AuthEffect =
  | { readonly type: 'saveIdToken'; readonly idToken: string }
  | { readonly type: 'clearIdToken' }
  | { readonly type: 'saveMagicSession'; readonly session: StoredMagicSession }
  | { readonly type: 'clearMagicSession' }
  /** §7: offer the token to the sync URL (the sync itself checks that it is fresher than 300 s). */
  | { readonly type: 'syncToken'; readonly idToken: string }
  /** §7: DELETE at the sync URL on sign-out, with the session's last token. */
  | { readonly type: 'unsyncToken'; readonly idToken: string };

export interface AuthTransition {
  readonly state: AuthState;
  readonly effects: readonly AuthEffect[];
}

export const initialAuthState: AuthState = { status: 'loading' };

/**
 * §4: a signed-in Firebase user is Google credentials, unless their id equals the stored magic
 * user id: then they are magic credentials.
 */
export function signedInEvent(
  user: AuthUser,
  idToken: string,
  storedMagicUserId: string | null,
): AuthEvent {
  return storedMagicUserId !== null && user.uid === storedMagicUserId
    ? { type: 'magicSignedIn', user, idToken }
    : { type: 'googleSignedIn', user, idToken };
}

function sameUser(a: AuthUser, b: AuthUser): boolean {
  return a.uid === b.uid && a.email === b.email && a.displayName === b.displayName;
}

function magicState(user: AuthUser, idToken: string, restored: boolean): AuthState {
  return {
    status: 'magic',
    user,
    idToken,
    applicantEmail: readIdTokenClaims(idToken)?.applicantEmail ?? null,
    restored,
  };
}

/**
 * The stored magic session as a restored state, or null when it cannot be used: a token that is
 * not a JWT, has expired, or belongs to another user than the stored id.
 */
function restoredMagicState(stored: StoredMagicSession, now: number): AuthState | null {
  const claims = readIdTokenClaims(stored.idToken);
  if (!claims || claims.expiresAt === undefined || claims.expiresAt * 1000 <= now) return null;
  if (claims.subject !== stored.userId) return null;
  return magicState({ uid: stored.userId, email: null, displayName: null }, stored.idToken, true);
}

/**
 * The state a visit starts in. §4 has it loading until the first auth state is known. In a
 * signed-in area a session this device stored, whose token has not expired, is such a state: it is
 * what Firebase last reported here, so the area renders from it at once instead of waiting a
 * second or more on a phone for Firebase to download and ask the Auth server (issue 39). Firebase
 * still reports, and its report wins: the same user confirms the session, another user replaces
 * it, no user ends it (firebaseReportedNoUser). The server checks the stored token like any other.
 * Anywhere else, and without a usable stored session, the visit starts loading as before.
 */
export function initialAuthStateOf(
  pathname: string,
  stored: StoredSessionKeys,
  now: number,
): AuthState {
  if (isInArea(pathname, paths.tutoring)) {
    // A stored magic user id makes Firebase's user an applicant (§4), whom the area refuses.
    if (stored.idToken === null || stored.magicUserId !== null) return initialAuthState;
    const claims = readIdTokenClaims(stored.idToken);
    if (!claims?.subject || claims.expiresAt === undefined || claims.expiresAt * 1000 <= now) {
      return initialAuthState;
    }
    return {
      status: 'google',
      user: { uid: claims.subject, email: claims.email ?? null, displayName: claims.name ?? null },
      idToken: stored.idToken,
      stored: true,
    };
  }
  if (pathname.startsWith(paths.onboarding) && stored.magicSession) {
    return restoredMagicState(stored.magicSession, now) ?? initialAuthState;
  }
  return initialAuthState;
}

/** The next state for an event, the same object when nothing changed. */
function nextState(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'googleSignedIn':
      if (
        state.status === 'google' &&
        !state.stored &&
        sameUser(state.user, event.user) &&
        state.idToken === event.idToken
      ) {
        return state;
      }
      return { status: 'google', user: event.user, idToken: event.idToken };
    case 'magicSignedIn':
      if (
        state.status === 'magic' &&
        !state.restored &&
        sameUser(state.user, event.user) &&
        state.idToken === event.idToken
      ) {
        return state;
      }
      return magicState(event.user, event.idToken, false);
    case 'firebaseReportedNoUser': {
      // A stored session Firebase does not hold is not known to be over: a pending Google redirect
      // sign-in decides, as on a first visit (redirectResultRead ends loading).
      if (state.status === 'google' && state.stored) return { status: 'loading' };
      // A Firebase-held session that Firebase no longer holds has ended (e.g. signed out elsewhere).
      if (state.status === 'google') return { status: 'signedOut' };
      if (state.status === 'magic') return state.restored ? state : { status: 'signedOut' };
      const stored = event.storedMagicSession;
      if (event.pathname.startsWith(paths.onboarding) && stored) {
        const restored = restoredMagicState(stored, event.now);
        if (restored) return restored;
        return state.status === 'signedOut' ? state : { status: 'signedOut' };
      }
      // Otherwise the pending Google redirect result decides (redirectResultRead ends loading).
      return state;
    }
    case 'redirectResultRead':
      return state.status === 'loading' ? { status: 'signedOut' } : state;
    case 'signedOut':
      return state.status === 'signedOut' ? state : { status: 'signedOut' };
    case 'idTokenRefreshed':
      // A refresh that lands after sign-out must not resurrect the session; a restored session has
      // no Firebase user whose refresh this could be.
      if (state.status === 'google') {
        return state.idToken === event.idToken ? state : { ...state, idToken: event.idToken };
      }
      if (state.status === 'magic' && !state.restored && state.idToken !== event.idToken) {
        return magicState(state.user, event.idToken, false);
      }
      return state;
  }
}

/** The stored keys and token sync that follow from a change of state. */
function effectsOfChange(previous: AuthState, next: AuthState): AuthEffect[] {
  if (next === previous) return [];
  const effects: AuthEffect[] = [];
  const tokenChanged =
    previous.status !== next.status ||
    !('idToken' in previous) ||
    !('idToken' in next) ||
    previous.idToken !== next.idToken;
  switch (next.status) {
    case 'google':
      if (tokenChanged) effects.push({ type: 'saveIdToken', idToken: next.idToken });
      // Firebase holds one user: the magic session it replaced is gone.
      if (previous.status === 'magic') effects.push({ type: 'clearMagicSession' });
      if (tokenChanged) effects.push({ type: 'syncToken', idToken: next.idToken });
      break;
    case 'magic':
      // The 'idToken' key is the Google session's; a magic session keeps its own two items.
      if (previous.status !== 'magic') effects.push({ type: 'clearIdToken' });
      if (tokenChanged && !next.restored) {
        effects.push({
          type: 'saveMagicSession',
          session: { idToken: next.idToken, userId: next.user.uid },
        });
      }
      if (tokenChanged) effects.push({ type: 'syncToken', idToken: next.idToken });
      break;
    case 'signedOut':
      effects.push({ type: 'clearIdToken' });
      // §4: magic sign-out also clears the two stored magic items.
      if (previous.status === 'magic') effects.push({ type: 'clearMagicSession' });
      if (previous.status === 'google' || previous.status === 'magic') {
        effects.push({ type: 'unsyncToken', idToken: previous.idToken });
      }
      break;
    case 'loading':
      break;
  }
  return effects;
}

export function authTransition(state: AuthState, event: AuthEvent): AuthTransition {
  const next = nextState(state, event);
  const effects = effectsOfChange(state, next);
  // §4: a stored magic session that could not be restored is cleared, even if the visitor was
  // already signed out.
  if (
    event.type === 'firebaseReportedNoUser' &&
    event.storedMagicSession &&
    event.pathname.startsWith(paths.onboarding) &&
    next.status === 'signedOut' &&
    (state.status === 'loading' || state.status === 'signedOut')
  ) {
    effects.push({ type: 'clearMagicSession' });
  }
  return { state: next, effects };
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  return authTransition(state, event).state;
}
