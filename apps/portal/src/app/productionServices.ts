import { createApiClient } from '@tutoring/api/client';
import {
  getAuthState,
  getCallables,
  getIdTokenForRequest,
  refreshIdToken,
  signInWithGoogle,
  signInWithMagicLink,
  startSession,
  subscribeToAuthState,
} from '../auth/authStore';
import { logOut } from '../auth/logOut';
import { requestMagicLink } from '../auth/magicLinkRequest';
import { apiBaseUrl } from '../config/api';
import type { PortalServices } from '../lib/services/portalServices';
import { takeEarlyApiResponse } from './earlyApiRequests';
import { supportChatWidget } from './supportChatWidget';

/**
 * The running portal's services: the Firebase-backed auth store and the real server. The data cache
 * is not here: it comes with the signed-in areas' code (productionQueryClient.ts), so the public
 * pages do not download TanStack Query.
 */
export const productionServices: PortalServices = {
  session: {
    getState: getAuthState,
    subscribe: subscribeToAuthState,
    start: startSession,
    callables: getCallables,
    requestMagicLink: (data) => requestMagicLink(data),
    signInWithGoogle,
    signInWithMagicLink,
    logOut,
  },
  // The one client of the contract: bearer from the auth store, one refresh on a 401 (§7); the
  // refreshed token is stored through the store's idTokenRefreshed transition. A signed-in visit's
  // first requests may already have been answered (earlyApiRequests.ts).
  api: createApiClient({
    baseUrl: apiBaseUrl,
    fetch: async (request) => (await takeEarlyApiResponse(request)) ?? fetch(request),
    getToken: getIdTokenForRequest,
    refreshToken: refreshIdToken,
  }),
  supportChat: supportChatWidget,
};
