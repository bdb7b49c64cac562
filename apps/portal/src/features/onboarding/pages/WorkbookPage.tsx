import { Link } from '@tutoring/ui/components/Link/Link';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { StepList } from '@tutoring/ui/components/StepList/StepList';
import { trainingLinks } from '../../../config/onboardingLinks';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

const moduleStatus = (isCompleted: boolean) => (isCompleted ? 'complete' : 'pending');

/**
 * /onboarding/workbook: the tutor workbook that goes with training, and the applicant's progress
 * through its modules (training with its knowledge check, and the availability module).
 */
export function WorkbookPage() {
  const user = useOnboardingUser();
  useFreshOnboardingRecord(false);
  return (
    <Stack gap="xl">
      <title>Tutor Workbook · Onboarding</title>
      <h1 className={styles.title}>Tutor Workbook</h1>
      <p className={styles.lead}>
        The workbook follows the training step by step: keep it open during the session or work
        through it with the recorded training, and come back to it once you are tutoring.
      </p>
      <p className={styles.text}>
        <Link href={trainingLinks.tutorWorkbook} variant="primaryButton" external>
          Download the workbook (PDF)
        </Link>
      </p>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="workbook-modules">
        <h2 id="workbook-modules" className={styles.sectionTitle}>
          Your modules
        </h2>
        <StepList
          label="Workbook modules"
          headingLevel={3}
          steps={[
            {
              id: 'training',
              title: 'Training and knowledge check',
              status: moduleStatus(user.workbookCompleted),
              description: user.workbookCompleted ? (
                'Done: you passed the knowledge check.'
              ) : (
                <>
                  Attend a live training or watch Tutoring 101, then submit the knowledge check.{' '}
                  <Link href={onboardingPaths.training}>Go to training</Link>
                </>
              ),
            },
            {
              id: 'availability',
              title: 'Availability',
              status: moduleStatus(user.workbookAvailabilityModuleCompleted),
              description: user.workbookAvailabilityModuleCompleted ? (
                'Done: your weekly availability is on file.'
              ) : (
                <>
                  Give the weekly times you can tutor, e.g. Monday 16:00-18:00.{' '}
                  <Link href={onboardingPaths.availability}>Submit your availability</Link>
                </>
              ),
            },
          ]}
        />
      </Stack>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="workbook-contents">
        <h2 id="workbook-contents" className={styles.sectionTitle}>
          What is inside
        </h2>
        <Stack as="ol" gap="sm" className={styles.list}>
          <li>Welcome: our mission, the students we serve and what a tutor does.</li>
          <li>
            The session structure: Check In (5 minutes), Lessons and Tasks (30-40 minutes), Wrap Up
            (5 minutes).
          </li>
          <li>Learning pathways: lessons grouped by topic, and the assessments between units.</li>
          <li>The math and reading tools, with practice exercises for the demo accounts.</li>
          <li>Messaging guardians, keeping students safe, and what to report.</li>
          <li>Your availability, substitutes, and where to get help.</li>
        </Stack>
      </Stack>
    </Stack>
  );
}
