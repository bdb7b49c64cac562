import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { ApiError } from '../../lib/apiError';
import { useApiClient } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';
import { tutoringDataStaleTimeMs } from './useTutorQuery';

type PortalAnnouncementList = components['schemas']['PortalAnnouncementList'];

/** The cache key of GET /portal-announcement; the user id keeps accounts apart. */
export function portalAnnouncementsQueryKey(uid: string | undefined) {
  return ['portal-announcements', uid] as const;
}

const noAnnouncements: PortalAnnouncementList = { announcements: [], readAnnouncementIds: [] };

/**
 * GET /portal-announcement: the announcements and the ids the tutor has read (§7). §6: it runs as
 * soon as a token exists, beside GET /tutor rather than after it. §8: a failed load is only
 * logged, and the Updates modal then has nothing to list.
 */
export function usePortalAnnouncementsQuery(auth: AuthState) {
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const apiClient = useApiClient();
  return useQuery({
    queryKey: portalAnnouncementsQueryKey(uid),
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    staleTime: tutoringDataStaleTimeMs,
    // The failure becomes an empty list at once, so there is nothing to retry.
    retry: false,
    queryFn: async (): Promise<PortalAnnouncementList> => {
      try {
        const { data, error, response } = await apiClient.GET('/portal-announcement');
        if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
        return data;
      } catch (error) {
        console.error('Loading the portal announcements failed.', error);
        return noAnnouncements;
      }
    },
  });
}

/** The read ids with one more, unchanged when it is already there. */
export function withReadAnnouncement(
  list: PortalAnnouncementList,
  announcementId: string,
): PortalAnnouncementList {
  if (list.readAnnouncementIds.includes(announcementId)) return list;
  return { ...list, readAnnouncementIds: [...list.readAnnouncementIds, announcementId] };
}

/**
 * POST /portal-announcement/status {announcementId} (§4: unread becomes read). The Updates modal
 * shows 'Marking as read...' while the promise is pending, so the id joins the cached read list
 * on success rather than before it; a list fetched meanwhile is cancelled so it cannot overwrite
 * the answer, and on failure the list is restored as it was and the error logged (§8).
 */
export function useMarkAnnouncementReadMutation(auth: AuthState) {
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const queryKey = portalAnnouncementsQueryKey(
    auth.status === 'google' ? auth.user.uid : undefined,
  );
  return useMutation({
    mutationFn: async (announcementId: string) => {
      const { data, error, response } = await apiClient.POST('/portal-announcement/status', {
        body: { announcementId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
      return { previous: queryClient.getQueryData<PortalAnnouncementList>(queryKey) };
    },
    onSuccess: (_status, announcementId) => {
      queryClient.setQueryData<PortalAnnouncementList>(queryKey, (list) =>
        list ? withReadAnnouncement(list, announcementId) : list,
      );
    },
    onError: (error, announcementId, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      console.error(`Marking announcement ${announcementId} as read failed.`, error);
    },
  });
}
