import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { ApiError } from '../../lib/apiError';
import { useApiClient } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';
import { tutoringDataStaleTimeMs } from './useTutorQuery';

type ActionItem = components['schemas']['ActionItem'];

/** The cache key of GET /action-item; the user id keeps accounts apart. */
export function actionItemsQueryKey(uid: string | undefined) {
  return ['action-items', uid] as const;
}

/** §5: anything but a list is no items. */
export function actionItemsFrom(body: unknown): ActionItem[] {
  return Array.isArray(body) ? (body as ActionItem[]) : [];
}

/**
 * GET /action-item, the tutor's tasks (§7), started as soon as a token exists. §5 and §8: a
 * failed load or an answer that is not a list gives an empty list; the failure is only logged.
 */
export function useActionItemsQuery(auth: AuthState) {
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const apiClient = useApiClient();
  return useQuery({
    queryKey: actionItemsQueryKey(uid),
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    staleTime: tutoringDataStaleTimeMs,
    // The failure becomes an empty list at once, so there is nothing to retry.
    retry: false,
    queryFn: async (): Promise<ActionItem[]> => {
      try {
        const { data, error, response } = await apiClient.GET('/action-item');
        if (error !== undefined) throw ApiError.fromResponse(response, error);
        return actionItemsFrom(data);
      } catch (error) {
        console.error('Loading the action items failed.', error);
        return [];
      }
    },
  });
}

/** The items with one marked completed. */
export function withCompletedItem(items: readonly ActionItem[], itemId: string): ActionItem[] {
  return items.map((item) =>
    item.Action_Item_ID === itemId && !item.Completed ? { ...item, Completed: true } : item,
  );
}

/** How many items are not completed: the Tasks badge. */
export function countIncompleteItems(items: readonly Pick<ActionItem, 'Completed'>[]): number {
  return items.filter((item) => !item.Completed).length;
}

/**
 * POST /action-item/complete {itemId}. §4: the item is marked completed locally at once and
 * cannot be undone, so a failure is logged (§8) and the mark stays.
 */
export function useCompleteActionItemMutation(auth: AuthState) {
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const queryKey = actionItemsQueryKey(auth.status === 'google' ? auth.user.uid : undefined);
  return useMutation({
    mutationFn: async (itemId: string) => {
      const { data, error, response } = await apiClient.POST('/action-item/complete', {
        body: { itemId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onMutate: async (itemId) => {
      // A list fetched before the press must not bring the item back as open.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<ActionItem[]>(queryKey, (items) =>
        items ? withCompletedItem(items, itemId) : items,
      );
    },
    onError: (error, itemId) => {
      console.error(`Completing action item ${itemId} failed.`, error);
    },
  });
}
