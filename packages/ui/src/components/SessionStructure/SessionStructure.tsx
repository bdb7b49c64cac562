import { Heading } from 'react-aria-components';
import { Box } from '../Box/Box';
import { Columns } from '../Columns/Columns';
import { Icon } from '../Icon/Icon';
import { Stack } from '../Stack/Stack';
import * as styles from './SessionStructure.css';

/** The Check In prompt when the pathway has none to pick from (spec §5). */
export const defaultCheckInPrompt = 'Please ask your student about their day.';

export interface SessionStructureProps {
  /**
   * What to do at Check In: one of the pathway's introActivities, picked by the caller (the
   * pick is random, spec §5, so it stays outside this presentational component).
   */
  checkInPrompt?: string;
  /** Heading level of each step; default 3. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * The shape of a session on the learning pathway (spec §9): Check In 5 minutes, Lessons and
 * Tasks 30-40 minutes, Wrap Up 5 minutes.
 */
export function SessionStructure({
  checkInPrompt = defaultCheckInPrompt,
  headingLevel = 3,
  className,
}: SessionStructureProps) {
  const steps = [
    { name: 'Check In', duration: '5 minutes', description: checkInPrompt },
    {
      name: 'Lessons and Tasks',
      duration: '30-40 minutes',
      description: 'Work through the next lessons below, in order, and tick each one off.',
    },
    {
      name: 'Wrap Up',
      duration: '5 minutes',
      description: 'Recap what your student learned and agree on the next session.',
    },
  ];
  return (
    <Columns
      as="ol"
      columns={3}
      collapseBelow="mobileScreen"
      gap="md"
      aria-label="Session structure"
      className={[styles.steps, className].filter(Boolean).join(' ')}
    >
      {steps.map((step) => (
        <Stack as="li" gap="xs" key={step.name} className={styles.step}>
          <Heading level={headingLevel} className={styles.name}>
            {step.name}
          </Heading>
          <Box
            as="p"
            display="inline-flex"
            alignItems="center"
            gap="xs"
            className={styles.duration}
          >
            <Icon name="clock" size="small" />
            {step.duration}
          </Box>
          <p className={styles.description}>{step.description}</p>
        </Stack>
      ))}
    </Columns>
  );
}
