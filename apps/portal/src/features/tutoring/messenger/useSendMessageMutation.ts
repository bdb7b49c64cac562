import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError, isApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import type { PendingText } from './messageViewModel';
import { type Conversation, conversationQueryKey } from './useConversationQuery';

/** A text on its way: what the tutor typed (trimmed), and when they pressed Send. */
export interface OutgoingText {
  text: string;
  /** ISO 8601, on the page's clock (the workbench's is fixed), for its place in the chat. */
  sentAt: string;
}

/** The mutation key of one chat's sends: it finds the texts still on their way. */
function sendMessageMutationKey(uid: string | undefined, studentId: string) {
  return ['tutor', uid, 'send-message', studentId] as const;
}

function useUid() {
  const auth = useAuthState();
  return auth.status === 'google' ? auth.user.uid : undefined;
}

/**
 * POST /tutor/send-message {studentId, message} (§7). While it is on its way the text shows as
 * the tutor's bubble, 'Sending…' (usePendingTexts). On success the stored message is appended to
 * the cached conversation at once (in the same step the pending bubble goes) and the conversation
 * is fetched again (the server's copy wins).
 * On failure nothing changes in the cache: the composer puts the text back (§8) and the page
 * shows why it did not go. The text arrives trimmed from the composer (§5).
 */
export function useSendMessageMutation(studentId: string) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const queryKey = conversationQueryKey(uid, studentId);

  return useMutation({
    mutationKey: sendMessageMutationKey(uid, studentId),
    // Issue 39: a text goes only when the tutor presses, never by itself: offline the call fails
    // at once (the text stays with the tutor) instead of waiting, paused, to go on reconnect.
    networkMode: 'always',
    mutationFn: async ({ text }: OutgoingText) => {
      const { data, error, response } = await apiClient.POST('/tutor/send-message', {
        body: { studentId, message: text },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onSuccess: async ({ message }) => {
      // A poll already in flight may have been answered without the new message: drop it, so
      // the message does not vanish and reappear.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<Conversation>(queryKey, (conversation) =>
        conversation === undefined ||
        conversation.messages.some((existing) => existing.id === message.id)
          ? conversation
          : { ...conversation, messages: [...conversation.messages, message] },
      );
      // The stored message has taken the pending bubble's place: the send is finished now. Were
      // it to wait for the refetch too, the pending bubble and the stored one would both show
      // until the chat's answer came (seconds, when the server translates a reply on the way).
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: async (error) => {
      // §8: send failures are logged; the page also tells the tutor (the text goes back).
      console.warn('Sending the message failed', error);
      // 409: the family opted out of texts. The chat is fetched again so it says so, and the
      // composer is disabled with the reason (the text stays in the box).
      if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/**
 * The texts of this chat the server has not answered yet, oldest first: the chat shows each at
 * once as 'Sending…'. When the answer comes, the stored text takes its place (or, on failure,
 * it goes back into the message box).
 */
export function usePendingTexts(studentId: string): PendingText[] {
  const uid = useUid();
  return useMutationState({
    filters: { mutationKey: sendMessageMutationKey(uid, studentId), status: 'pending' },
    select: (mutation) => ({
      key: mutation.mutationId,
      ...(mutation.state.variables as OutgoingText),
    }),
  });
}
