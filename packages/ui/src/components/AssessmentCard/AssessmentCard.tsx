import { Heading } from 'react-aria-components';
import { type AssessmentResult, showsNextPreAssessment } from '../../lib/assessment/assessment';
import { Card } from '../Card/Card';
import { CopyLinkButton, type Scheduler } from '../CopyLinkButton/CopyLinkButton';
import { Link } from '../Link/Link';
import { Notice } from '../Notice/Notice';
import * as styles from './AssessmentCard.css';

/** An additional lesson (structural subset of the api's Lesson). */
export interface AssessmentLesson {
  id: string;
  Lesson_Id: number;
  Lesson_Name: string;
  URL: string;
}

export interface AssessmentCardProps {
  /** The student's first name (student_obj.First_Name). */
  studentName: string;
  Assessment_result: AssessmentResult;
  /** Name of the unit's post-assessment; null when there is none. */
  Post_Assessment: string | null;
  Post_Assessment_URL: string | null;
  Next_Pre_Assessment_URL: string | null;
  /** Shown after a failed assessment, sorted by Lesson_Id. */
  Additional_lessons: readonly AssessmentLesson[];
  /** Copies a link; default the browser clipboard. */
  onCopy?: (text: string) => Promise<void> | void;
  /** Ends the 'Copied!' confirmation; default setTimeout (see CopyLinkButton). */
  schedule?: Scheduler;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The assessment section of a learning pathway (spec §4). Failed: a thank-you with advice and
 * the Additional Lessons; Passed: a proficiency message; no result yet: instructions (at least
 * 30 minutes) and 'Copy to Clipboard' for the post-assessment link. The Next Unit
 * Pre-Assessment shows by the rule of `showsNextPreAssessment`.
 */
export function AssessmentCard({
  studentName,
  Assessment_result,
  Post_Assessment,
  Post_Assessment_URL,
  Next_Pre_Assessment_URL,
  Additional_lessons,
  onCopy,
  schedule,
  headingLevel = 2,
  className,
}: AssessmentCardProps) {
  const partLevel = headingLevel === 2 ? 3 : 4;
  const assessmentName = Post_Assessment?.trim() || 'the post-assessment';
  const nextUrl = showsNextPreAssessment({
    Assessment_result,
    Post_Assessment,
    Next_Pre_Assessment_URL,
  })
    ? Next_Pre_Assessment_URL
    : null;
  const additional = [...Additional_lessons].sort((a, b) => a.Lesson_Id - b.Lesson_Id);

  return (
    <Card title="Assessment" headingLevel={headingLevel} className={className}>
      {Assessment_result === 'Failed' ? (
        <>
          <Notice variant="info" announce={false} title="Thank you for giving the post-assessment">
            {studentName} has not reached proficiency in this unit yet. Go through the additional
            lessons below together, spend extra time on the questions {studentName} found hardest,
            and encourage them: progress takes practice.
          </Notice>
          <div className={styles.part}>
            <Heading level={partLevel} className={styles.partTitle}>
              Additional Lessons
            </Heading>
            {additional.length > 0 ? (
              <ul className={styles.lessons}>
                {additional.map((lesson) => (
                  <li key={lesson.id}>
                    <Link href={lesson.URL} external>
                      {lesson.Lesson_Name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.text}>No additional lessons for this unit.</p>
            )}
          </div>
        </>
      ) : null}
      {Assessment_result === 'Passed' ? (
        <Notice variant="success" announce={false} title="Proficient">
          {studentName} passed {assessmentName} and is proficient in this unit. Well done to you
          both!
        </Notice>
      ) : null}
      {Assessment_result === '' && Post_Assessment_URL ? (
        <div className={styles.part}>
          <Heading level={partLevel} className={styles.partTitle}>
            {Post_Assessment?.trim() || 'Post-Assessment'}
          </Heading>
          <p className={styles.text}>
            When {studentName} has finished the lessons of this unit, give {assessmentName}. It
            takes at least 30 minutes, so plan a full session for it. Copy the link and share it
            with {studentName} during the session.
          </p>
          <div className={styles.actions}>
            <CopyLinkButton
              text={Post_Assessment_URL}
              label="Copy to Clipboard"
              onCopy={onCopy}
              schedule={schedule}
            />
          </div>
        </div>
      ) : null}
      {nextUrl ? (
        <div className={styles.part} data-next-pre-assessment="">
          <Heading level={partLevel} className={styles.partTitle}>
            Next Unit Pre-Assessment
          </Heading>
          <p className={styles.text}>
            Start the next unit with its pre-assessment, so the lessons match what {studentName}{' '}
            already knows.
          </p>
          <div className={styles.actions}>
            <Link href={nextUrl} external variant="secondaryButton">
              Go to Next Unit Pre-Assessment
            </Link>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
