// One auth store for the whole portal: the state machine's state, its subscribers, and the side
// effects of each transition (the stored keys of §3, the optional token sync of §7). Firebase itself
// is loaded on first use only.
import type { Callables } from '@tutoring/api/callables';
import { tokenSyncUrl } from '../config/tokenSync';
import type { AuthState } from '../lib/services/sessionState';
import { type AuthEffect, type AuthEvent, authTransition, initialAuthState } from './authState';
import type { FirebaseSession } from './firebaseSessionTypes';
import { isIdTokenExpired } from './idTokenClaims';
import {
  clearIdToken,
  clearMagicSession,
  saveIdToken,
  saveMagicSession,
} from './sessionStorageKeys';
import { createTokenSync } from './tokenSync';

let state: AuthState = initialAuthState;
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
