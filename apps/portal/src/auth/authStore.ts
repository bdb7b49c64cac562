// One auth store for the whole portal: the reducer's state, its subscribers, and the side effects
// of a transition (the stored idToken of §3). Firebase itself is loaded on first use only.
import type { Callables } from '@tutoring/api/callables';
import { type AuthEvent, type AuthState, authReducer, initialAuthState } from './authState';
import type { FirebaseSession } from './firebaseSessionTypes';
import { clearIdToken, saveIdToken } from './sessionStorageKeys';

let state: AuthState = initialAuthState;
const listeners = new Set<() => void>();
let firebaseSession: Promise<FirebaseSession> | undefined;

function persist(next: AuthState): void {
  if (next.status === 'google') saveIdToken(next.idToken);
  else if (next.status === 'signedOut') clearIdToken();
}

export function dispatchAuthEvent(event: AuthEvent): void {
  const next = authReducer(state, event);
  if (next === state) return;
  state = next;
  persist(next);
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
    .then(({ startFirebaseSession }) => startFirebaseSession(dispatchAuthEvent))
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

/** Whether the Firebase SDK has been asked for in this page (it then holds any live session). */
export function isFirebaseSessionStarted(): boolean {
  return firebaseSession !== undefined;
}

export async function signOutOfPortal(): Promise<void> {
  const session = await loadFirebaseSession();
  await session.signOut();
}

/** The bearer token for API calls: Firebase's cached token, refreshed by it when near expiry. */
export async function getIdTokenForRequest(): Promise<string | null> {
  if (state.status !== 'google') return null;
  const session = await loadFirebaseSession();
  return session.getIdToken(false);
}

/** §7: after a 401, force a new token (stored through the idTokenRefreshed transition). */
export async function refreshIdToken(): Promise<string | null> {
  if (state.status !== 'google') return null;
  const session = await loadFirebaseSession();
  return session.getIdToken(true);
}
