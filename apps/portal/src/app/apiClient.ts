import { createApiClient } from '@tutoring/api/client';
import { getIdTokenForRequest, refreshIdToken } from '../auth/authStore';
import { apiBaseUrl } from '../config/api';

/** The portal's one client of the contract: bearer from the auth module, one refresh on a 401 (§7). */
export const apiClient = createApiClient({
  baseUrl: apiBaseUrl,
  getToken: getIdTokenForRequest,
  // refreshIdToken stores the new token through the auth store's idTokenRefreshed transition.
  refreshToken: refreshIdToken,
});
