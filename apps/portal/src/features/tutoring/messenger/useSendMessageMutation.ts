import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import { type Conversation, conversationQueryKey } from './useConversationQuery';

/**
 * POST /tutor/send-message {studentId, message} (§7). On success the stored message is appended
 * to the cached conversation at once and the conversation is fetched again (the server's copy
 * wins). On failure nothing changes in the cache: the composer keeps the text (§8) and the page
 * shows why it did not go. The text arrives trimmed from the composer (§5).
 */
export function useSendMessageMutation(studentId: string) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const queryKey = conversationQueryKey(uid, studentId);

  return useMutation({
    mutationFn: async (message: string) => {
      const { data, error, response } = await apiClient.POST('/tutor/send-message', {
        body: { studentId, message },
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
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      // §8: send failures are logged; the page also tells the tutor (the text stays).
      console.warn('Sending the message failed', error);
    },
  });
}
