import { Heading } from 'react-aria-components';
import {
  type NextPreAssessmentInput,
  showsNextPreAssessment,
} from '../../lib/assessment/assessment';
import { Card } from '../Card/Card';
import { CopyLinkButton, type Scheduler } from '../CopyLinkButton/CopyLinkButton';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Notice } from '../Notice/Notice';
import { Stack } from '../Stack/Stack';
import * as styles from './AssessmentCard.css';

/** An additional lesson, offered after a failed post-assessment. */
export interface AssessmentLesson {
  /** The lesson's record id. */
  id: string;
  /** The lesson's place in the pathway: additional lessons are listed by it. */
  number: number;
  /** The lesson's name, the text of its link. */
  lessonName: string;
  /** Link of the lesson; it opens in a new tab. */
  url: string;
}

/**
 * The assessment state of a learning pathway: its post-assessment's result, name and link, the
 * next unit's pre-assessment and the additional lessons (`NextPreAssessmentInput` documents the
 * first fields).
 */
export interface PathwayAssessment extends NextPreAssessmentInput {
  /** Link of the unit's post-assessment, to copy and share; null when there is none. */
  postAssessmentUrl: string | null;
  /** Shown after a failed assessment, sorted by number. */
  additionalLessons: readonly AssessmentLesson[];
}

export interface AssessmentCardProps extends PathwayAssessment {
  /** The student's first name. */
  studentName: string;
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
  result,
  postAssessmentName,
  postAssessmentUrl,
  nextPreAssessmentUrl,
  additionalLessons,
  onCopy,
  schedule,
  headingLevel = 2,
  className,
}: AssessmentCardProps) {
  const partLevel = headingLevel === 2 ? 3 : 4;
  const assessmentName = postAssessmentName?.trim() || 'the post-assessment';
  const nextUrl = showsNextPreAssessment({ result, postAssessmentName, nextPreAssessmentUrl })
    ? nextPreAssessmentUrl
    : null;
  const additional = [...additionalLessons].sort((a, b) => a.number - b.number);

  return (
    <Card title="Assessment" headingLevel={headingLevel} className={className}>
      {result === 'Failed' ? (
        <>
          <Notice variant="info" announce={false} title="Thank you for giving the post-assessment">
            {studentName} has not reached proficiency in this unit yet. Go through the additional
            lessons below together, spend extra time on the questions {studentName} found hardest,
            and encourage them: progress takes practice.
          </Notice>
          <Stack gap="sm">
            <Heading level={partLevel} className={styles.partTitle}>
              Additional Lessons
            </Heading>
            {additional.length > 0 ? (
              <Stack as="ul" gap="xs" className={styles.lessons}>
                {additional.map((lesson) => (
                  <li key={lesson.id}>
                    <Link href={lesson.url} external>
                      {lesson.lessonName}
                    </Link>
                  </li>
                ))}
              </Stack>
            ) : (
              <p className={styles.text}>No additional lessons for this unit.</p>
            )}
          </Stack>
        </>
      ) : null}
      {result === 'Passed' ? (
        <Notice variant="success" announce={false} title="Proficient">
          {studentName} passed {assessmentName} and is proficient in this unit. Well done to you
          both!
        </Notice>
      ) : null}
      {result === '' && postAssessmentUrl ? (
        <Stack gap="sm">
          <Heading level={partLevel} className={styles.partTitle}>
            {postAssessmentName?.trim() || 'Post-Assessment'}
          </Heading>
          <p className={styles.text}>
            When {studentName} has finished the lessons of this unit, give {assessmentName}. It
            takes at least 30 minutes, so plan a full session for it. Copy the link and share it
            with {studentName} during the session.
          </p>
          <Inline gap="sm" alignY="center">
            <CopyLinkButton
              text={postAssessmentUrl}
              label="Copy to Clipboard"
              onCopy={onCopy}
              schedule={schedule}
            />
          </Inline>
        </Stack>
      ) : null}
      {nextUrl ? (
        <Stack gap="sm" data-next-pre-assessment="">
          <Heading level={partLevel} className={styles.partTitle}>
            Next Unit Pre-Assessment
          </Heading>
          <p className={styles.text}>
            Start the next unit with its pre-assessment, so the lessons match what {studentName}{' '}
            already knows.
          </p>
          <Inline gap="sm" alignY="center">
            <Link href={nextUrl} external variant="secondaryButton">
              Go to Next Unit Pre-Assessment
            </Link>
          </Inline>
        </Stack>
      ) : null}
    </Card>
  );
}
