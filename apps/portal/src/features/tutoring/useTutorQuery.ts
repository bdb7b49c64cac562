import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { ApiError } from '../../lib/apiError';
import { useApiClient } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';
import { createAnswerTags } from './answerTags';

type Tutor = components['schemas']['Tutor'];

/**
 * How long the layout's data stays fresh: the layout, the dashboard and the area's pages each
 * subscribe to the same queries as they mount, which must not fetch everything again.
 */
export const tutoringDataStaleTimeMs = 60_000;

/**
 * How often the dashboard asks again while it is on screen (issue 34: a family's reply or a
 * failed text shows within 30 s). A conditional request: an unchanged tutor costs a 304.
 */
export const dashboardRefreshIntervalMs = 30_000;

/** The server's tags of the GET /tutor answers held: an unchanged tutor costs a 304. */
const tutorTags = createAnswerTags<Tutor>();

/** The cache key of GET /tutor; the user id keeps another account from seeing this one's data. */
export function tutorQueryKey(uid: string | undefined) {
  return ['tutor', uid] as const;
}

export interface TutorQueryOptions {
  /**
   * Ask again every 30 s while the page is visible (the dashboard); never while the tab is
   * hidden, and once more when it is shown again.
   */
  refreshWhileVisible?: boolean;
}

/**
 * GET /tutor, the signed-in tutor stored whole (§7): one query the tutoring layout and its pages
 * share. §6: the call is made only when a Google session and its token exist, and then at once.
 */
export function useTutorQuery(
  auth: AuthState,
  { refreshWhileVisible = false }: TutorQueryOptions = {},
) {
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const apiClient = useApiClient();
  const queryClient = useQueryClient();
  const queryKey = tutorQueryKey(uid);
  return useQuery({
    queryKey,
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    staleTime: tutoringDataStaleTimeMs,
    queryFn: async ({ signal }): Promise<Tutor> => {
      const held = queryClient.getQueryData<Tutor>(queryKey);
      const heldTag = tutorTags.tagOf(held);
      const { data, error, response } = await apiClient.GET('/tutor', {
        params: { header: heldTag ? { 'If-None-Match': heldTag } : {} },
        signal,
      });
      // Nothing changed since the answer we hold (a server that ignores the tag answers 200).
      if (response.status === 304 && held) return held;
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      tutorTags.remember(data, response);
      return data;
    },
    structuralSharing: tutorTags.share,
    refetchInterval: refreshWhileVisible ? dashboardRefreshIntervalMs : false,
    refetchIntervalInBackground: false,
  });
}
