import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isCallableError } from '@tutoring/api/callables';
import type { components } from '@tutoring/api/schema';
import { useRef, useState } from 'react';
import { useCallables } from '../../../../lib/services/portalServices';
import { completedLessonsAfterAnswer, withLessonCompleted } from './lessonCompletion';

type LearningPathway = components['schemas']['LearningPathway'];
type CompletedLessons = components['schemas']['CompletedLessons'];

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

interface CompletionReport {
  lessonId: string;
  completed: boolean;
  /** Orders the reports of one lesson: only the latest one decides what it shows. */
  sequence: number;
}

/**
 * Reports lessons as completed, or not (updateLessonCompletionStatus, §4). A lesson shows the
 * tutor's choice at once (in the cached pathway, which the lesson list shows). A mark whose report
 * failed stays marked and is listed, so the tutor can send it again (§4); an unmark whose report
 * failed goes back to completed, as the server still has it, and is listed too. A student's
 * reports go to the server one after another, so a quick mark and unmark arrive in their order.
 */
export function useLessonCompletion(uid: string | undefined, studentId: string) {
  const queryClient = useQueryClient();
  const getCallables = useCallables();
  const queryKey = studentPathwayQueryKey(uid, studentId);
  const [failedLessonIds, setFailedLessonIds] = useState<readonly string[]>([]);
  const [failedUnmarkIds, setFailedUnmarkIds] = useState<readonly string[]>([]);
  // The latest report of each lesson the server has not answered yet.
  const stillToCome = useRef(new Map<string, CompletionReport>());
  const nextSequence = useRef(0);

  const show = (change: (completedLessons: CompletedLessons) => CompletedLessons) =>
    queryClient.setQueryData<LearningPathway | null>(queryKey, (pathway) =>
      pathway ? { ...pathway, completed_lessons: change(pathway.completed_lessons) } : pathway,
    );
  /** Settles a report; true when it was the lesson's latest, which decides what it shows. */
  const settle = ({ lessonId, sequence }: CompletionReport) => {
    if (stillToCome.current.get(lessonId)?.sequence !== sequence) return false;
    stillToCome.current.delete(lessonId);
    return true;
  };
  const choices = () =>
    new Map([...stillToCome.current.values()].map((report) => [report.lessonId, report.completed]));

  const mutation = useMutation({
    scope: { id: `lessonCompletion:${uid}:${studentId}` },
    mutationFn: async ({ lessonId, completed }: CompletionReport) => {
      const callables = await getCallables();
      return callables.updateLessonCompletionStatus({ studentId, lessonId, completed });
    },
    onSuccess: (result, report) => {
      const isLatest = settle(report);
      if (isLatest) {
        setFailedLessonIds((ids) => ids.filter((id) => id !== report.lessonId));
        setFailedUnmarkIds((ids) => ids.filter((id) => id !== report.lessonId));
      }
      show((shown) =>
        completedLessonsAfterAnswer(
          shown,
          result.completed_lessons,
          { lessonId: report.lessonId, isLatest },
          choices(),
        ),
      );
    },
    onError: (_error, report) => {
      if (!settle(report)) return;
      const { lessonId } = report;
      const addTo = (ids: readonly string[]) => (ids.includes(lessonId) ? ids : [...ids, lessonId]);
      if (report.completed) {
        setFailedLessonIds(addTo);
      } else {
        // Back to what the server still has.
        show((shown) => withLessonCompleted(shown, lessonId, true));
        setFailedUnmarkIds(addTo);
      }
    },
  });

  const report = (lessonId: string, completed: boolean) => {
    nextSequence.current += 1;
    const request = { lessonId, completed, sequence: nextSequence.current };
    stillToCome.current.set(lessonId, request);
    // The other way's failure no longer stands: the tutor has changed their mind.
    if (completed) setFailedUnmarkIds((ids) => ids.filter((id) => id !== lessonId));
    else setFailedLessonIds((ids) => ids.filter((id) => id !== lessonId));
    show((shown) => withLessonCompleted(shown, lessonId, completed));
    mutation.mutate(request);
  };

  return {
    complete: (lessonId: string) => report(lessonId, true),
    uncomplete: (lessonId: string) => report(lessonId, false),
    failedLessonIds,
    failedUnmarkIds,
    retryFailed: () => {
      for (const lessonId of failedLessonIds) report(lessonId, true);
    },
    retryFailedUnmarks: () => {
      for (const lessonId of failedUnmarkIds) report(lessonId, false);
    },
    isRetrying: mutation.isPending && failedLessonIds.length > 0,
    isRetryingUnmarks: mutation.isPending && failedUnmarkIds.length > 0,
  };
}
