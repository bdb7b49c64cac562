// One auth store for the whole portal: the state machine's state, its subscribers, and the side
// effects of each transition (the stored keys of §3, the optional token sync of §7). Firebase itself
// is loaded on first use only.
import type { Callables } from '@tutoring/api/callables';
import { tokenSyncUrl } from '../config/tokenSync';
import type { AuthState } from '../lib/services/sessionState';
import { whenIdle } from '../lib/whenIdle';
import {
  type AuthEffect,
  type AuthEvent,
  authTransition,
  initialAuthState,
  initialAuthStateOf,
} from './authState';
import type { FirebaseSession } from './firebaseSessionTypes';
import { isIdTokenExpired } from './idTokenClaims';
import {
  clearIdToken,
  clearMagicSession,
  readStoredSessionKeys,
  saveIdToken,
  saveMagicSession,
} from './sessionStorageKeys';
import { createTokenSync } from './tokenSync';

/** A signed-in area's visit starts from the session stored on the device, when it can (§4, issue 39). */
function startingState(): AuthState {
  try {
    return initialAuthStateOf(window.location.pathname, readStoredSessionKeys(), Date.now());
  } catch {
    // No window or no readable storage (the build's prerendering, a locked-down browser).
    return initialAuthState;
  }
}

let state: AuthState = startingState();
const listeners = new Set<() => void>();
let firebaseSession: Promise<FirebaseSession> | undefined;
const tokenSync = tokenSyncUrl ? createTokenSync({ url: tokenSyncUrl }) : undefined;

function applyEffect(effect: AuthEffect): void {
  switch (effect.type) {
    case 'saveIdToken':
      saveIdToken(effect.idToken);
      break;
    case 'clearIdToken':
      clearIdToken();
      break;
    case 'saveMagicSession':
      saveMagicSession(effect.session);
      break;
    case 'clearMagicSession':
      clearMagicSession();
      break;
    case 'syncToken':
      void tokenSync?.sync(effect.idToken);
      break;
    case 'unsyncToken':
      void tokenSync?.unsync(effect.idToken);
      break;
  }
}

export function dispatchAuthEvent(event: AuthEvent): void {
  const { state: next, effects } = authTransition(state, event);
  // Stored before subscribers run, so a page that navigates on the change finds the keys in place.
  for (const effect of effects) applyEffect(effect);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeToAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Loads the Firebase SDK (once) and starts following its auth state. */
export function loadFirebaseSession(): Promise<FirebaseSession> {
  firebaseSession ??= import('./firebaseSession')
    .then(({ startFirebaseSession }) => startFirebaseSession(dispatchAuthEvent, getAuthState))
    .catch((error: unknown) => {
      // A failed chunk download leaves no session to wait for: let the guards send the visitor on,
      // and try again on the next use.
      firebaseSession = undefined;
      dispatchAuthEvent({ type: 'signedOut' });
      throw error;
    });
  return firebaseSession;
}

/** The callable functions of §7 (they load Firebase, so only signed-in areas and auth screens call this). */
export async function getCallables(): Promise<Callables> {
  const session = await loadFirebaseSession();
  return session.callables;
}

export async function signInWithGoogle(): Promise<void> {
  const session = await loadFirebaseSession();
  await session.signInWithGoogle();
}

/**
 * §4 sign-in flow of a magic link: the step-up token is exchanged for a custom token, Firebase signs
 * in with it, and the magic session starts (its id token and user id stored). Rejects with the
 * callable's or Firebase's error, for the sign-in screen to show (§8).
 */
export async function signInWithMagicLink(stepUpToken: string): Promise<void> {
  const session = await loadFirebaseSession();
  await session.signInWithMagicLink(stepUpToken);
}

/** A session shown from what the device stored, which Firebase has not reported yet. */
function isStoredSession(current: AuthState): boolean {
  return (
    (current.status === 'google' && current.stored === true) ||
    (current.status === 'magic' && current.restored)
  );
}

/**
 * How long a visit shown from a stored session goes without Firebase at most, should its first
 * screen never report its answers (a failed request, a page without data): Firebase also refreshes
 * the token before it expires and notices a session ended elsewhere.
 */
export const storedSessionFirebaseDelayMs = 10_000;

let sessionStartDeferred = false;
let firstScreenAnswered = false;

function startFirebaseNow(): void {
  // A load failure is already turned into a signedOut state by loadFirebaseSession.
  loadFirebaseSession().catch(() => undefined);
}

/**
 * Starts the session for a guard or an auth screen. A session shown from the device's stored keys
 * needs Firebase only to confirm it and to refresh its token before it expires, so on such a visit
 * Firebase (the largest script of a signed-in visit) is asked for once the first screen has its
 * answers (firstScreenAnswered), or after storedSessionFirebaseDelayMs: on a phone's slow network
 * it would otherwise share the first seconds with the screen's own code and data (issue 39,
 * `pnpm bench:web --only screens`: the page's load event comes before the area's code does).
 */
export function startSession(): void {
  if (firebaseSession !== undefined || !isStoredSession(state) || firstScreenAnswered) {
    startFirebaseNow();
    return;
  }
  if (sessionStartDeferred) return;
  sessionStartDeferred = true;
  setTimeout(startFirebaseNow, storedSessionFirebaseDelayMs);
}

/**
 * The signed-in area's first screen has its answers from the server (src/app
 * productionQueryClient.ts says so): a session waiting for that starts Firebase now.
 */
export function firstScreenHasAnswers(): void {
  firstScreenAnswered = true;
  if (!sessionStartDeferred || firebaseSession !== undefined) return;
  // After the screen has rendered them: answers often arrive before the code that shows them.
  whenIdle(startFirebaseNow, { timeoutMs: 2000, fallbackMs: 0 });
}

/** Whether the Firebase SDK has been asked for in this page (it then holds any live session). */
export function isFirebaseSessionStarted(): boolean {
  return firebaseSession !== undefined;
}

/** Ends either kind of session: Firebase's user, the stored keys, and a restored magic session. */
export async function signOutOfPortal(): Promise<void> {
  const session = await loadFirebaseSession();
  await session.signOut();
}

/**
 * The bearer of a restored magic session: its stored token, while it has not expired. An expired
 * one ends the session (§4: cleared on failure), since a restored session cannot refresh it.
 */
function restoredSessionToken(idToken: string): string | null {
  if (!isIdTokenExpired(idToken, Date.now())) return idToken;
  dispatchAuthEvent({ type: 'signedOut' });
  return null;
}

/** The bearer token for API calls: Firebase's cached token, refreshed by it when near expiry. */
export async function getIdTokenForRequest(): Promise<string | null> {
  if (state.status === 'magic' && state.restored) return restoredSessionToken(state.idToken);
  // Until Firebase reports the stored session's user, its stored token is the bearer while it
  // lasts; after that Firebase (loaded for it) refreshes one.
  if (state.status === 'google' && state.stored && !isIdTokenExpired(state.idToken, Date.now())) {
    return state.idToken;
  }
  if (state.status !== 'google' && state.status !== 'magic') return null;
  const session = await loadFirebaseSession();
  return session.getIdToken(false);
}

/** §7: after a 401, force a new token (stored through the idTokenRefreshed transition). */
export async function refreshIdToken(): Promise<string | null> {
  if (state.status === 'magic' && state.restored) {
    // The server refused the stored token and there is no Firebase user to ask for another one:
    // the restored session ends and its items are cleared (§4).
    dispatchAuthEvent({ type: 'signedOut' });
    return null;
  }
  if (state.status !== 'google' && state.status !== 'magic') return null;
  const session = await loadFirebaseSession();
  return session.getIdToken(true);
}
