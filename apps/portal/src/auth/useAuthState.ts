import { useEffect, useSyncExternalStore } from 'react';
import type { AuthState } from './authState';
import { getAuthState, loadFirebaseSession, subscribeToAuthState } from './authStore';

/**
 * The current auth state, starting the Firebase session when a component first needs it. Only auth
 * routes and guards call this: that is what keeps Firebase out of the public pages.
 */
export function useAuthState(): AuthState {
  useEffect(() => {
    // A load failure is already turned into a signedOut state by the store.
    loadFirebaseSession().catch(() => undefined);
  }, []);
  return useSyncExternalStore(subscribeToAuthState, getAuthState);
}
