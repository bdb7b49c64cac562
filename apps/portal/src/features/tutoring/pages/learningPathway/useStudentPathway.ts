import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCallableError } from '@tutoring/api/callables';
import type { components } from '@tutoring/api/schema';
import { useState } from 'react';
import { useCallables } from '../../../../lib/services/portalServices';

type LearningPathway = components['schemas']['LearningPathway'];

/** Per signed-in user, so another account never sees a previous account's cache. */
export function studentPathwayQueryKey(uid: string | undefined, studentId: string | undefined) {
  return ['studentPathway', uid, studentId] as const;
}

// Worth one more try: the server or the network hiccuped. A refused or timed-out call is not.
const transientCodes = new Set(['functions/internal', 'functions/unavailable']);

/**
 * The pathway of one of the tutor's students from the getStudentPathway callable (§7): null when
 * the student has none yet. Only asked for a student already found among the tutor's
 * correspondents (`studentId` undefined otherwise), so another tutor's student is never requested.
 */
export function useStudentPathwayQuery(uid: string | undefined, studentId: string | undefined) {
  const getCallables = useCallables();
  return useQuery({
    queryKey: studentPathwayQueryKey(uid, studentId),
    enabled: uid !== undefined && studentId !== undefined,
    queryFn: async (): Promise<LearningPathway | null> => {
      if (studentId === undefined) throw new Error('No student to load a pathway for.');
      const callables = await getCallables();
      return callables.getStudentPathway({ studentId });
    },
    retry: (failureCount, error) =>
      failureCount < 1 && isCallableError(error) && transientCodes.has(error.code),
  });
}

/**
 * Reports lessons as completed (updateLessonCompletionStatus, §4). The lesson list marks a lesson
 * at once and for good; this keeps the cached pathway in step with the server's answer and
 * remembers the lessons whose report failed, so the tutor can send them again.
 */
export function useLessonCompletion(uid: string | undefined, studentId: string) {
  const queryClient = useQueryClient();
  const getCallables = useCallables();
  const [failedLessonIds, setFailedLessonIds] = useState<readonly string[]>([]);
  const mutation = useMutation({
    mutationFn: async (lessonId: string) => {
      const callables = await getCallables();
      return callables.updateLessonCompletionStatus({ studentId, lessonId });
    },
    onSuccess: (result, lessonId) => {
      setFailedLessonIds((ids) => ids.filter((id) => id !== lessonId));
      queryClient.setQueryData<LearningPathway | null>(
        studentPathwayQueryKey(uid, studentId),
        (pathway) =>
          pathway
            ? {
                ...pathway,
                completed_lessons: { ...pathway.completed_lessons, ...result.completed_lessons },
              }
            : pathway,
      );
    },
    onError: (_error, lessonId) => {
      setFailedLessonIds((ids) => (ids.includes(lessonId) ? ids : [...ids, lessonId]));
    },
  });

  return {
    complete: (lessonId: string) => mutation.mutate(lessonId),
    failedLessonIds,
    retryFailed: () => {
      for (const lessonId of failedLessonIds) mutation.mutate(lessonId);
    },
    isRetrying: mutation.isPending && failedLessonIds.length > 0,
  };
}
