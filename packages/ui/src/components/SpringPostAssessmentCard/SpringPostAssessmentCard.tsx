import { Card } from '../Card/Card';
import { CopyLinkButton, type Scheduler } from '../CopyLinkButton/CopyLinkButton';
import { Link } from '../Link/Link';
import * as styles from './SpringPostAssessmentCard.css';

export interface SpringPostAssessmentCardProps {
  /** The student's first name. */
  studentName: string;
  /** The spring post-assessment link for this student (with id, name and grade, spec §5). */
  assessmentUrl: string;
  /** Copies the link; default the browser clipboard. */
  onCopy?: (text: string) => Promise<void> | void;
  /** Ends the 'Copied!' confirmation; default setTimeout (see CopyLinkButton). */
  schedule?: Scheduler;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * Shown on a learning-pathway page when the student has no pathway (spec §2): the Spring
 * Post-Assessment with 'Copy Assessment Link' (becomes 'Copied!') and 'Go to Assessment'.
 */
export function SpringPostAssessmentCard({
  studentName,
  assessmentUrl,
  onCopy,
  schedule,
  headingLevel = 2,
  className,
}: SpringPostAssessmentCardProps) {
  return (
    <Card
      title="Spring Post-Assessment"
      headingLevel={headingLevel}
      className={className}
      footer={
        <>
          <CopyLinkButton
            text={assessmentUrl}
            label="Copy Assessment Link"
            onCopy={onCopy}
            schedule={schedule}
          />
          <Link href={assessmentUrl} external variant="primaryButton">
            Go to Assessment
          </Link>
        </>
      }
    >
      <p className={styles.text}>
        {studentName} does not have a learning pathway yet. Give {studentName} the spring
        post-assessment: it takes at least 30 minutes. Copy the link to share it during your
        session, or open it together.
      </p>
    </Card>
  );
}
