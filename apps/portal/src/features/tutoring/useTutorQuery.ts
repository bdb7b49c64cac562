import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../app/apiClient';
import { ApiError } from '../../app/apiError';
import type { AuthState } from '../../auth/authState';

/**
 * GET /tutor, the signed-in tutor stored whole (§7). §6: the call is made only when a Google
 * session and its token exist; the key carries the user id so another account never sees a
 * previous account's cache.
 */
export function useTutorQuery(auth: AuthState) {
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  return useQuery({
    queryKey: ['tutor', uid],
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET('/tutor');
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
  });
}
