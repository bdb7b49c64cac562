import { type ReactNode, useId } from 'react';
import { Heading } from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
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
    <Stack
      as="article"
      gap="md"
      aria-labelledby={headingId}
      className={[styles.card, className].filter(Boolean).join(' ')}
      data-completed={isCompleted || undefined}
    >
      <Inline gap="sm" alignY="center" align="spaceBetween">
        <Heading level={headingLevel} id={headingId} className={styles.name}>
          {name}
        </Heading>
        <Box
          as="span"
          display="inline-flex"
          alignItems="center"
          gap="xs"
          className={isCompleted ? styles.statusDone : styles.statusOpen}
        >
          <Icon name={isCompleted ? 'checkCircle' : 'circle'} size="small" />
          {isCompleted ? 'Completed' : 'Not Completed'}
        </Box>
      </Inline>
      <div className={styles.description}>{description}</div>
      <Box as="p" display="inline-flex" alignItems="center" gap="xs" className={styles.estimate}>
        <Icon name="clock" size="small" />
        <span className={visuallyHidden}>Time estimate: </span>
        {timeEstimate}
      </Box>
      <Box display="flex">
        <Link href={href} variant={isCompleted ? 'secondaryButton' : 'primaryButton'}>
          {linkLabel ?? (isCompleted ? 'Review' : 'Start')}
          <span className={visuallyHidden}> {name}</span>
        </Link>
      </Box>
    </Stack>
  );
}
