import type { QueryClient } from '@tanstack/react-query';
import { type ChatMessage, type Conversation, conversationQueryKey } from './useConversationQuery';

/**
 * What the tutor can do to one of their texts that did not go (Retry, or Send as written), or to
 * one held for the family's quiet hours (Send now, or Cancel).
 */
export type MessageAction = 'retry' | 'send-as-written' | 'send-now' | 'cancel';

/** The mutation key of every action on one chat's texts: it finds those in flight in the cache. */
function messageActionsKey(uid: string | undefined, studentId: string) {
  return ['tutor', uid, 'message-action', studentId] as const;
}

/** The mutation key of one kind of action on one chat's texts. */
export function messageActionMutationKey(
  uid: string | undefined,
  studentId: string,
  action: MessageAction,
) {
  return [...messageActionsKey(uid, studentId), action] as const;
}

/**
 * Whether any action (Retry, Send as written, Send now, Cancel) on this text is in flight. The mutation cache
 * knows as soon as `mutate` returns, before any re-render, so a double press, or a press on
 * Retry just after Send as written, starts nothing more: the server would claim the text once
 * anyway, and the screen stays with the one answer.
 */
export function isMessageActionInFlight(
  queryClient: QueryClient,
  uid: string | undefined,
  studentId: string,
  messageId: string,
): boolean {
  return (
    queryClient.isMutating({
      mutationKey: messageActionsKey(uid, studentId),
      predicate: (pending) => pending.state.variables === messageId,
    }) > 0
  );
}

/**
 * Puts the server's copy of a text into the cached conversation, so its new deliveryStatus shows
 * at once. A poll already in flight may have been answered with the old status: it is dropped
 * first. The conversation is then fetched again, and the action counts as finished (its text
 * stops saying 'Sending…') only once that answer is in: a dropped poll puts back the state it
 * started from when it ends, which could otherwise show the old status for a moment (and
 * announce it) between 'Sending…' and the new one.
 */
export async function replaceCachedMessage(
  queryClient: QueryClient,
  uid: string | undefined,
  studentId: string,
  message: ChatMessage,
) {
  const queryKey = conversationQueryKey(uid, studentId);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<Conversation>(queryKey, (conversation) =>
    conversation === undefined
      ? conversation
      : {
          ...conversation,
          messages: conversation.messages.map((existing) =>
            existing.id === message.id ? message : existing,
          ),
        },
  );
  await queryClient.invalidateQueries({ queryKey });
}
