// The surface of the lazily loaded Firebase session. Kept apart from firebaseSession.ts so that
// modules in public chunks can name it without importing the Firebase SDK (type imports only).

import type { Callables } from '@tutoring/api/callables';

export interface FirebaseSession {
  /** The callable functions of §7, carrying the current user's ID token (us-central1, 70 s). */
  readonly callables: Callables;
  /** Opens Google's account chooser in a popup, restricted to the organisation's domain. */
  signInWithGoogle(): Promise<void>;
  /**
   * §4 magic sign-in: exchanges the link's step-up token for a custom token (getCustomAuthToken),
   * signs in with it and reports the magic session before resolving.
   */
  signInWithMagicLink(stepUpToken: string): Promise<void>;
  signOut(): Promise<void>;
  /** The current user's ID token (refreshed by Firebase when near expiry), or null when signed out. */
  getIdToken(forceRefresh: boolean): Promise<string | null>;
}

/** A Firebase Auth error code such as 'auth/popup-blocked', or undefined for other failures. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
