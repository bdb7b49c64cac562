import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/apiError';
import { useApiClient } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';

/**
 * How long the layout's data stays fresh: the layout, the dashboard and the area's pages each
 * subscribe to the same queries as they mount, which must not fetch everything again.
 */
export const tutoringDataStaleTimeMs = 60_000;

/** The cache key of GET /tutor; the user id keeps another account from seeing this one's data. */
export function tutorQueryKey(uid: string | undefined) {
  return ['tutor', uid] as const;
}

/**
 * GET /tutor, the signed-in tutor stored whole (§7): one query the tutoring layout and its pages
 * share. §6: the call is made only when a Google session and its token exist, and then at once.
 */
export function useTutorQuery(auth: AuthState) {
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const apiClient = useApiClient();
  return useQuery({
    queryKey: tutorQueryKey(uid),
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    staleTime: tutoringDataStaleTimeMs,
    queryFn: async () => {
      const { data, error, response } = await apiClient.GET('/tutor');
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
  });
}
