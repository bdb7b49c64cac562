import { getAuthState, subscribeToAuthState } from '../auth/authStore';
import { createQueryClient } from '../lib/queryClient';

/** The running portal's data cache; downloaded with the signed-in areas (QueryProvider). */
export const productionQueryClient = createQueryClient();

// However the session ends (Log Out, the user menu, another tab), nothing of the account stays in
// the cache for whoever signs in next.
subscribeToAuthState(() => {
  if (getAuthState().status === 'signedOut') productionQueryClient.clear();
});
