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
 * POST /tutor/send-message-as-written {messageId}: the tutor's choice for a text that could not
 * be translated, sent in their own words. On success the answer's copy of the text replaces the
 * cached one and the conversation is fetched again. When the server answered with an error (503:
 * the provider refused it, and the server now reports the text 'failed', with Retry), the
 * conversation is fetched again too, before the action counts as finished.
 *
 * `sendAsWritten(messageId)` sends at most one request per text, however often it is called,
 * and none while a Retry of the same text is in flight (see isMessageActionInFlight).
 * `sendingMessageIds` are the texts being sent as written. The other fields are the latest
 * call's, as `useMutation` gives them (its `error` for the page's notice).
 */
export function useSendAsWrittenMutation(studentId: string) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const mutationKey = messageActionMutationKey(uid, studentId, 'send-as-written');

  const mutation = useMutation({
    mutationKey,
    // Issue 39: a text goes only when the tutor presses, never by itself: offline the call fails
    // at once (the text stays with the tutor) instead of waiting, paused, to go on reconnect.
    networkMode: 'always',
    mutationFn: async (messageId: string) => {
      const { data, error, response } = await apiClient.POST('/tutor/send-message-as-written', {
        body: { messageId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onSuccess: ({ message }) => replaceCachedMessage(queryClient, uid, studentId, message),
    onError: async (error) => {
      // §8: send failures are logged; the page also tells the tutor.
      console.warn('Sending the message as written failed', error);
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
  const sendingMessageIds = useMemo<ReadonlySet<string>>(() => new Set(pendingIds), [pendingIds]);

  const sendAsWritten = (messageId: string) => {
    if (!isMessageActionInFlight(queryClient, uid, studentId, messageId)) {
      mutation.mutate(messageId);
    }
  };

  return { ...mutation, sendAsWritten, sendingMessageIds };
}
