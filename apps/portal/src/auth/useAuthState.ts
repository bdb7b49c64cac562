import { useEffect, useSyncExternalStore } from 'react';
import { usePortalServices } from '../lib/services/portalServices';
import type { AuthState } from '../lib/services/sessionState';

/**
 * The current auth state, starting the session (in the product: downloading Firebase) when a
 * component first needs it. Only auth routes and guards call this: that is what keeps Firebase
 * out of the public pages.
 */
export function useAuthState(): AuthState {
  const { session } = usePortalServices();
  useEffect(() => {
    session.start();
  }, [session]);
  return useSyncExternalStore(session.subscribe, session.getState);
}
