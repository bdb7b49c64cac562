import { type ReactNode, useId } from 'react';
import { Heading } from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import { Icon } from '../Icon/Icon';
import { Link } from '../Link/Link';
import * as styles from './TaskCard.css';

export interface TaskCardProps {
  /** The task's name, e.g. 'Waiver'. */
  name: string;
  /** What the task asks of the applicant. */
  description: ReactNode;
  /** How long it takes, e.g. '5 minutes', '2 hours', '0.5-1 hour' (§9). */
  timeEstimate: string;
  /** The task's page, a route relative to the onboarding area (e.g. 'waiver'). */
  href: string;
  /** Completed or Not Completed (§4). */
  isCompleted: boolean;
  /**
   * Visible text of the link; defaults to 'Start' or, once completed, 'Review'. The task's name
   * follows it for assistive technology ('Start Waiver').
   */
  linkLabel?: string;
  /** Heading level that fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * One onboarding task: name, description, time estimate, a link to the task and its status,
 * 'Completed' or 'Not Completed' (icon and text, never colour alone).
 */
export function TaskCard({
  name,
  description,
  timeEstimate,
  href,
  isCompleted,
  linkLabel,
  headingLevel = 3,
  className,
}: TaskCardProps) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={[styles.card, className].filter(Boolean).join(' ')}
      data-completed={isCompleted || undefined}
    >
      <div className={styles.top}>
        <Heading level={headingLevel} id={headingId} className={styles.name}>
          {name}
        </Heading>
        <span className={isCompleted ? styles.statusDone : styles.statusOpen}>
          <Icon name={isCompleted ? 'checkCircle' : 'circle'} size="small" />
          {isCompleted ? 'Completed' : 'Not Completed'}
        </span>
      </div>
      <div className={styles.description}>{description}</div>
      <p className={styles.estimate}>
        <Icon name="clock" size="small" />
        <span className={visuallyHidden}>Time estimate: </span>
        {timeEstimate}
      </p>
      <div className={styles.footer}>
        <Link href={href} variant={isCompleted ? 'secondaryButton' : 'primaryButton'}>
          {linkLabel ?? (isCompleted ? 'Review' : 'Start')}
          <span className={visuallyHidden}> {name}</span>
        </Link>
      </div>
    </article>
  );
}
