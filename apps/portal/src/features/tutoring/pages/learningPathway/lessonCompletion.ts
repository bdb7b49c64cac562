import type { components } from '@tutoring/api/schema';

type CompletedLessons = components['schemas']['CompletedLessons'];

/** The completed lessons with one lesson marked completed, or not (its key removed). */
export function withLessonCompleted(
  completedLessons: CompletedLessons,
  lessonId: string,
  completed: boolean,
): CompletedLessons {
  if (completed) return { ...completedLessons, [lessonId]: true };
  const { [lessonId]: _removed, ...rest } = completedLessons;
  return rest;
}

/**
 * The completed lessons after the server answered one report (updateLessonCompletionStatus):
 *
 * - lessons the server lists as completed are (a completion from another tab shows up);
 * - the reported lesson is what the server says, unless the tutor has changed it again since
 *   (a report still to come decides it);
 * - every lesson with a report still to come keeps the tutor's latest choice, so an answer to an
 *   earlier report does not flash it back;
 * - other lessons keep what is shown: a completion whose report failed stays marked (§4), and
 *   the answer cannot unmark what the tutor has not unmarked.
 */
export function completedLessonsAfterAnswer(
  shown: CompletedLessons,
  answer: CompletedLessons,
  reported: { lessonId: string; isLatest: boolean },
  stillToCome: ReadonlyMap<string, boolean>,
): CompletedLessons {
  let next: CompletedLessons = { ...shown };
  for (const [lessonId, completed] of Object.entries(answer)) {
    if (completed) next[lessonId] = true;
  }
  if (reported.isLatest) {
    next = withLessonCompleted(next, reported.lessonId, answer[reported.lessonId] === true);
  }
  for (const [lessonId, completed] of stillToCome) {
    next = withLessonCompleted(next, lessonId, completed);
  }
  return next;
}
