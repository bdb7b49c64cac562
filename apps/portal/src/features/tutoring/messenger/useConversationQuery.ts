import { type Query, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import { createAnswerTags } from '../answerTags';

export type Conversation = components['schemas']['Conversation'];
export type ChatMessage = components['schemas']['Message'];

/** §4, §9: an open chat asks for new messages every 5000 ms. */
export const messagePollingIntervalMs = 5000;

/** The server's tags of the chat answers held: a poll with nothing new costs a 304. */
const conversationTags = createAnswerTags<Conversation>();

/**
 * The cache key of one chat. It carries the signed-in user's id, so another account signing in
 * on this browser never sees the previous account's messages.
 */
export function conversationQueryKey(uid: string | undefined, studentId: string) {
  return ['tutor', uid, 'messages', studentId] as const;
}

/**
 * Whether the chat cannot load however often it is asked: the student is not the tutor's own
 * (404, the same answer as for an id that does not exist) or the id is malformed (400).
 */
export function isChatNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400);
}

/**
 * Polls only while there is a chat to refresh: never after a 4xx (another tutor's student, a bad
 * id, a refused account), which no retry changes, and never before the first load succeeded (the
 * error screen offers 'Try again' instead of a retry storm).
 */
export function conversationRefetchInterval(
  query: Pick<Query<Conversation, Error>, 'state'>,
): number | false {
  const { data, error } = query.state;
  if (error instanceof ApiError && error.httpStatus < 500) return false;
  return data === undefined ? false : messagePollingIntervalMs;
}

/**
 * POST /tutor/messages: the conversation with a student's guardian and the student's details
 * (§7). While a component using it is mounted, it refetches every 5 s (§4), but only while the
 * tab is visible: TanStack Query skips interval ticks of a hidden document
 * (refetchIntervalInBackground false) and catches up once when the tab is shown again. Unmounting
 * (closing the chat) stops the interval.
 */
export function useConversationQuery(studentId: string) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const apiClient = useApiClient();
  const queryClient = useQueryClient();
  const queryKey = conversationQueryKey(uid, studentId);
  return useQuery({
    queryKey,
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    queryFn: async ({ signal }): Promise<Conversation> => {
      const held = queryClient.getQueryData<Conversation>(queryKey);
      const heldTag = conversationTags.tagOf(held);
      const { data, error, response } = await apiClient.POST('/tutor/messages', {
        params: { header: heldTag ? { 'If-None-Match': heldTag } : {} },
        body: { studentId },
        signal,
      });
      // Nothing changed since the answer we hold (a server that ignores the tag answers 200).
      if (response.status === 304 && held) return held;
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      conversationTags.remember(data, response);
      return data;
    },
    // Structural sharing that keeps the answer's tag on the copy it stores (answerTags.ts).
    structuralSharing: conversationTags.share,
    refetchInterval: conversationRefetchInterval,
    refetchIntervalInBackground: false,
    // Back from a hidden tab: one catch-up fetch instead of waiting for the next tick.
    refetchOnWindowFocus: true,
  });
}
