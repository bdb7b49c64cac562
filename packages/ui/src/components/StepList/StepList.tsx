import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './StepList.css';

/** Step statuses of §4: shown as past, current and upcoming. */
export type StepStatus = 'complete' | 'current' | 'pending';

export interface Step {
  /** Stable key. */
  id: string;
  /** The step's name, e.g. 'Onboarding Steps'. */
  title: ReactNode;
  status: StepStatus;
  /** A line under the title. */
  description?: ReactNode;
  /** Content under the step, e.g. the four task cards under 'Onboarding Steps'. */
  children?: ReactNode;
}

export interface StepListProps {
  steps: readonly Step[];
  /** Accessible name of the list. */
  label?: string;
  /** Level of each step's heading. */
  headingLevel?: 2 | 3 | 4;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** Words read before each step's title, so the status is not conveyed by the marker alone. */
export const stepStatusText: Record<StepStatus, string> = {
  complete: 'Completed',
  current: 'Current step',
  pending: 'Upcoming',
};

/**
 * §4: the 'Onboarding Steps' step is complete when the first four onboarding tasks (waiver,
 * training, background check, availability) are all complete.
 */
export function areOnboardingTasksComplete(tasks: readonly { isCompleted: boolean }[]): boolean {
  const firstFour = tasks.slice(0, 4);
  return firstFour.length === 4 && firstFour.every((task) => task.isCompleted);
}

function Marker({ status, index }: { status: StepStatus; index: number }) {
  // The tick or the step's number, centred in its circle.
  const centred = {
    as: 'span',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;
  if (status === 'complete') {
    return (
      <Box {...centred} className={styles.marker.complete}>
        <Icon name="check" size="small" />
      </Box>
    );
  }
  return (
    <Box {...centred} className={styles.marker[status]} aria-hidden="true">
      {index + 1}
    </Box>
  );
}

/**
 * An ordered list of steps shown as past (complete), current and upcoming (pending). The current
 * step has aria-current="step"; each status is also said in words for assistive technology.
 */
export function StepList({
  steps,
  label = 'Progress',
  headingLevel = 3,
  className,
}: StepListProps) {
  return (
    <Box
      as="ol"
      display="flex"
      flexDirection="column"
      aria-label={label}
      className={[styles.list, className].filter(Boolean).join(' ')}
    >
      {steps.map((step, index) => (
        // The marker's rail beside the step's text: the rail is as wide as its marker, the text
        // takes the rest of the row.
        <Inline
          as="li"
          gap="md"
          wrap={false}
          key={step.id}
          className={styles.step[step.status]}
          aria-current={step.status === 'current' ? 'step' : undefined}
          data-status={step.status}
        >
          <Box display="flex" flexDirection="column" alignItems="center" flexShrink={0}>
            <Marker status={step.status} index={index} />
            {index < steps.length - 1 ? <span className={styles.connector[step.status]} /> : null}
          </Box>
          <Stack gap="xs" flexGrow={1} minWidth={0} className={styles.body}>
            <Heading level={headingLevel} className={styles.title}>
              <span className={visuallyHidden}>{stepStatusText[step.status]}: </span>
              {step.title}
            </Heading>
            {step.description ? <p className={styles.description}>{step.description}</p> : null}
            {step.children ? <div className={styles.content}>{step.children}</div> : null}
          </Stack>
        </Inline>
      ))}
    </Box>
  );
}
