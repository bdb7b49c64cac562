import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useAuthState } from '../../../auth/useAuthState';
import { ApiError } from '../../../lib/apiError';
import { useApiClient } from '../../../lib/services/portalServices';
import { tutorQueryKey } from '../useTutorQuery';

type Tutor = components['schemas']['Tutor'];

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is on screen (a hidden tab's chat is not being read). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * Sets one student's unread count in the cached GET /tutor answer, so the dashboard's badge and
 * the sidebar's total are right at once, without asking the server for the whole tutor again.
 */
export function setCachedUnreadCount(
  queryClient: QueryClient,
  uid: string | undefined,
  studentId: string,
  unreadCount: number,
) {
  queryClient.setQueryData<Tutor>(tutorQueryKey(uid), (tutor) =>
    tutor === undefined ||
    !tutor.correspondents.some(
      (student) => student.id === studentId && student.unreadCount !== unreadCount,
    )
      ? tutor
      : {
          ...tutor,
          correspondents: tutor.correspondents.map((student) =>
            student.id === studentId ? { ...student, unreadCount } : student,
          ),
        },
  );
}

/**
 * POST /tutor/mark-messages-read {studentId, messageId} while the chat is on screen: the tab is
 * visible and the conversation shown. It is sent for the newest message whenever that changes
 * (the chat opened, a reply arrived, the tutor sent a text), once per message: never for a
 * message that arrived while the tab was hidden until the tab is shown again, and never by the
 * poll alone (a poll that brings nothing new changes no message, so it marks nothing, and the
 * chat's ETag is left alone). The cached tutor's unread count for the student drops to 0 at
 * once and takes the server's count when it answers. A failed mark is only logged (§8); the
 * next new message marks again.
 */
export function useMarkConversationRead(studentId: string, newestMessageId: string | undefined) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const isVisible = useDocumentVisible();
  const marked = useRef<string | undefined>(undefined);

  const { mutate } = useMutation({
    mutationFn: async (messageId: string) => {
      const { data, error, response } = await apiClient.POST('/tutor/mark-messages-read', {
        body: { studentId, messageId },
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
    onMutate: async () => {
      // An answer of GET /tutor already on its way may predate the mark: it must not bring the
      // old count back.
      await queryClient.cancelQueries({ queryKey: tutorQueryKey(uid), exact: true });
      setCachedUnreadCount(queryClient, uid, studentId, 0);
    },
    onSuccess: ({ unreadCount }) => setCachedUnreadCount(queryClient, uid, studentId, unreadCount),
    onError: (error) => console.warn('Marking the chat read failed', error),
  });

  useEffect(() => {
    if (!isVisible || newestMessageId === undefined || marked.current === newestMessageId) return;
    marked.current = newestMessageId;
    mutate(newestMessageId);
  }, [isVisible, newestMessageId, mutate]);
}
