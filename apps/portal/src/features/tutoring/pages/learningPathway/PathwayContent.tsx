import type { components } from '@tutoring/api/schema';
import { AssessmentCard } from '@tutoring/ui/components/AssessmentCard/AssessmentCard';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Card } from '@tutoring/ui/components/Card/Card';
import { LessonList } from '@tutoring/ui/components/LessonList/LessonList';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { SessionStructure } from '@tutoring/ui/components/SessionStructure/SessionStructure';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useMemo, useState } from 'react';
import { useRandom } from '../../../../lib/random';
import * as styles from './LearningPathwayPage.css';
import { isFirstSessionsPathway, pickCheckInPrompt } from './learningPathway';
import { toPathwayAssessment, toPathwayLessons } from './pathwayViewModel';
import { useLessonCompletion } from './useStudentPathway';

type LearningPathway = components['schemas']['LearningPathway'];

export interface PathwayContentProps {
  pathway: LearningPathway;
  /** The student's record id, the `studentId` of completion reports. */
  studentId: string;
  studentName: string;
  /** The signed-in user's id, which keys the cached pathway. */
  uid: string | undefined;
  /** Copies assessment links; default the browser clipboard. */
  onCopy?: (text: string) => Promise<void>;
}

/** A loaded pathway: the intro and session structure, the lessons by topic, the assessment. */
export function PathwayContent({
  pathway,
  studentId,
  studentName,
  uid,
  onCopy,
}: PathwayContentProps) {
  // Picked once per visit, so the prompt does not change while the tutor reads it.
  const random = useRandom();
  const [checkInPrompt] = useState(() => pickCheckInPrompt(pathway.introActivities, random));
  const completion = useLessonCompletion(uid, studentId);
  // Each lesson opened or ticked re-renders the page: map the pathway only when it changes.
  const lessons = useMemo(() => toPathwayLessons(pathway.Lessons), [pathway.Lessons]);
  const assessment = useMemo(() => toPathwayAssessment(pathway), [pathway]);
  const lessonName = (lessonId: string) =>
    [...pathway.Lessons, ...pathway.Additional_lessons].find((lesson) => lesson.id === lessonId)
      ?.Lesson_Name ?? 'A lesson';

  return (
    <>
      {isFirstSessionsPathway(pathway.Pathway_Name) ? null : (
        <Card title="Introduction">
          {pathway.Intro_description.trim() ? (
            <p className={styles.text}>{pathway.Intro_description}</p>
          ) : null}
          <p className={styles.text}>
            A lesson takes about 60 minutes. Give every session the same shape:
          </p>
          <SessionStructure checkInPrompt={checkInPrompt} headingLevel={3} />
        </Card>
      )}
      <Card title="Lessons">
        <CompletionFailures completion={completion} lessonName={lessonName} />
        <LessonList
          lessons={lessons}
          completedLessons={pathway.completed_lessons}
          onComplete={completion.complete}
          onUncomplete={completion.uncomplete}
          headingLevel={3}
        />
      </Card>
      <AssessmentCard studentName={studentName} {...assessment} onCopy={onCopy} />
    </>
  );
}

interface CompletionFailuresProps {
  completion: ReturnType<typeof useLessonCompletion>;
  lessonName: (lessonId: string) => string;
}

/** The lessons whose mark or unmark the server has not saved, each kind with Try again. */
function CompletionFailures({ completion, lessonName }: CompletionFailuresProps) {
  return (
    <>
      {completion.failedLessonIds.length > 0 ? (
        <FailedLessons
          title="Not saved as completed yet:"
          lessonIds={completion.failedLessonIds}
          lessonName={lessonName}
          isRetrying={completion.isRetrying}
          onRetry={completion.retryFailed}
        />
      ) : null}
      {completion.failedUnmarkIds.length > 0 ? (
        <FailedLessons
          title="Still completed: unchecking was not saved for"
          lessonIds={completion.failedUnmarkIds}
          lessonName={lessonName}
          isRetrying={completion.isRetryingUnmarks}
          onRetry={completion.retryFailedUnmarks}
        />
      ) : null}
    </>
  );
}

interface FailedLessonsProps {
  title: string;
  lessonIds: readonly string[];
  lessonName: (lessonId: string) => string;
  isRetrying: boolean;
  onRetry: () => void;
}

function FailedLessons({ title, lessonIds, lessonName, isRetrying, onRetry }: FailedLessonsProps) {
  return (
    <Notice variant="failure" title={title}>
      <Stack gap="sm">
        <ul className={styles.failedLessonList}>
          {lessonIds.map((lessonId) => (
            <li key={lessonId}>{lessonName(lessonId)}</li>
          ))}
        </ul>
        <div>
          <Button
            variant="secondary"
            isPending={isRetrying}
            pendingLabel="Saving"
            onPress={onRetry}
          >
            Try again
          </Button>
        </div>
      </Stack>
    </Notice>
  );
}
