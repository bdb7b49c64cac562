import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import {
  isMessageActionInFlight,
  messageActionMutationKey,
  replaceCachedMessage,
} from './messageActions';
import { type Conversation, conversationQueryKey } from './useConversationQuery';

function useUid() {
  const auth = useAuthState();
  return auth.status === 'google' ? auth.user.uid : undefined;
}

/** The ids of one kind of action's texts in flight, as a set that keeps its identity. */
function usePendingIds(mutationKey: readonly unknown[]): ReadonlySet<string> {
  const pendingIds = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (pending) => pending.state.variables as string,
  });
  return useMemo(() => new Set(pendingIds), [pendingIds]);
}

/**
 * POST /tutor/send-scheduled-message-now {messageId} (issue 35): a text held for the family's
 * quiet hours goes at once. While the call is out the text says 'Sending…' (its id is in
 * `sendingNowMessageIds`); the answer's copy then replaces it. On an error (409: the family opted
 * out meanwhile; 503: the provider refused it) the chat is fetched again, so the text shows the
 * server's state, and the page says why (`error`). At most one action per text at a time.
 */
export function useSendNowMutation(studentId: string) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const mutationKey = messageActionMutationKey(uid, studentId, 'send-now');
  const mutation = useMutation({
    mutationKey,
    // Issue 39: a text goes only when the tutor presses, never by itself: offline the call fails
    // at once (the text stays with the tutor) instead of waiting, paused, to go on reconnect.
    networkMode: 'always',
    mutationFn: async (messageId: string) => {
      const { data, error, response } = await apiClient.POST('/tutor/send-scheduled-message-now', {
        body: { messageId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onSuccess: ({ message }) => replaceCachedMessage(queryClient, uid, studentId, message),
    onError: async (error) => {
      console.warn('Sending the scheduled text now failed', error);
      await queryClient.invalidateQueries({ queryKey: conversationQueryKey(uid, studentId) });
    },
  });
  const sendingNowMessageIds = usePendingIds(mutationKey);
  const sendNow = (messageId: string) => {
    if (!isMessageActionInFlight(queryClient, uid, studentId, messageId)) {
      mutation.mutate(messageId);
    }
  };
  return { ...mutation, sendNow, sendingNowMessageIds };
}

/** A cancelled text handed back to the message box, once per cancel. */
export interface ReturnedText {
  key: string;
  text: string;
}

/**
 * POST /tutor/cancel-scheduled-message {messageId} (issue 35): a held text is never sent. It
 * leaves the chat at once (optimistic); a failed call puts the chat back as it was, then fetches
 * it again (409: the text went meanwhile), and the page says why (`error`). A cancelled text comes
 * back into the message box (`returnedText`), so the tutor can change it or send it later.
 */
export function useCancelScheduledMutation(studentId: string) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const queryKey = conversationQueryKey(uid, studentId);
  const mutationKey = messageActionMutationKey(uid, studentId, 'cancel');
  const [returnedText, setReturnedText] = useState<ReturnedText | null>(null);
  const mutation = useMutation({
    mutationKey,
    mutationFn: async (messageId: string) => {
      const { error, response } = await apiClient.POST('/tutor/cancel-scheduled-message', {
        body: { messageId },
      });
      if (!response.ok) throw ApiError.fromResponse(response, error);
    },
    onMutate: async (messageId) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Conversation>(queryKey);
      queryClient.setQueryData<Conversation>(queryKey, (conversation) =>
        conversation === undefined
          ? conversation
          : {
              ...conversation,
              messages: conversation.messages.filter((message) => message.id !== messageId),
            },
      );
      return { before, text: before?.messages.find((message) => message.id === messageId)?.body };
    },
    onSuccess: (_answer, messageId, context) => {
      if (context?.text) setReturnedText({ key: messageId, text: context.text });
    },
    onError: (error, _messageId, context) => {
      console.warn('Cancelling the scheduled text failed', error);
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  const cancellingMessageIds = usePendingIds(mutationKey);
  const cancel = (messageId: string) => {
    if (!isMessageActionInFlight(queryClient, uid, studentId, messageId)) {
      mutation.mutate(messageId);
    }
  };
  return { ...mutation, cancel, cancellingMessageIds, returnedText };
}
