import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError, isApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import {
  isMessageActionInFlight,
  messageActionMutationKey,
  replaceCachedMessage,
} from './messageActions';
import { conversationQueryKey } from './useConversationQuery';

/**
 * POST /tutor/retry-message {messageId}: sends one of the tutor's undelivered texts again, or
 * translates an untranslated one again and sends it. On success the answer's copy of the text
 * replaces the cached one (its new deliveryStatus shows at once; an untranslated text that still
 * could not be translated stays 'untranslated') and the conversation is fetched again. When the
 * server answered with an error (503: the provider refused again, and the server now reports the
 * text 'failed'), the conversation is fetched again too, before the retry counts as finished, so
 * the screen goes from 'Sending…' to the server's state.
 *
 * `retry(messageId)` sends at most one request per text at a time, however often it is called
 * (a double press, or a press on a second copy of the page's button before it re-renders), and
 * none while the text is being sent as written: it asks the mutation cache, which knows an
 * action has started as soon as `mutate` returns. `retryingMessageIds` are the texts whose retry
 * is in flight. The other fields are the latest retry's, as `useMutation` gives them (its `error`
 * for the page's notice).
 */
export function useRetryMessageMutation(studentId: string) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const mutationKey = messageActionMutationKey(uid, studentId, 'retry');

  const mutation = useMutation({
    mutationKey,
    // Issue 39: a text goes only when the tutor presses, never by itself: offline the call fails
    // at once (the text stays with the tutor) instead of waiting, paused, to go on reconnect.
    networkMode: 'always',
    mutationFn: async (messageId: string) => {
      const { data, error, response } = await apiClient.POST('/tutor/retry-message', {
        body: { messageId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onSuccess: ({ message }) => replaceCachedMessage(queryClient, uid, studentId, message),
    onError: async (error) => {
      // §8: send failures are logged; the page also tells the tutor.
      console.warn('Sending the message again failed', error);
      // The server has the text's new state: the action stays in flight (the text says
      // 'Sending…') until the chat has it, so the text goes from 'Sending…' straight to what the
      // server says, and that is announced once.
      if (isApiError(error)) {
        await queryClient.invalidateQueries({ queryKey: conversationQueryKey(uid, studentId) });
      }
    },
  });

  const pendingIds = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (pending) => pending.state.variables as string,
  });
  // The selected array keeps its identity while its contents stay the same.
  const retryingMessageIds = useMemo<ReadonlySet<string>>(() => new Set(pendingIds), [pendingIds]);

  const retry = (messageId: string) => {
    if (!isMessageActionInFlight(queryClient, uid, studentId, messageId)) {
      mutation.mutate(messageId);
    }
  };

  return { ...mutation, retry, retryingMessageIds };
}
