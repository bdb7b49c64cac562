import { BackgroundCheckSteps } from '@tutoring/ui/components/BackgroundCheckSteps/BackgroundCheckSteps';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { backgroundCheckLinks } from '../../../config/onboardingLinks';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/**
 * /onboarding/background-check (§2): a thank-you once the check has cleared; otherwise the Live
 * Scan steps for California and the online check for everyone else, in two tabs.
 */
export function BackgroundCheckPage() {
  const user = useOnboardingUser();
  useFreshOnboardingRecord(false);
  if (user.liveScanCompleted) {
    return (
      <Stack gap="xl">
        <title>Background Check · Onboarding</title>
        <h1 className={styles.title}>Background Check</h1>
        <Notice variant="success" title="Thank you! Your background check is complete.">
          Your results have reached us and you are cleared to tutor. There is nothing else to do for
          this task.
        </Notice>
        <p className={styles.text}>
          <Link href={onboardingPaths.dashboard} variant="secondaryButton">
            Back to the dashboard
          </Link>
        </p>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <title>Background Check · Onboarding</title>
      <h1 className={styles.title}>Background Check</h1>
      <p className={styles.lead}>
        Everyone who tutors young people completes a background check. It takes 0.5-1 hour of your
        time, and the organisation pays for it. Choose where you live to see your steps.
      </p>
      <BackgroundCheckSteps
        liveScanFormHref={backgroundCheckLinks.liveScanForm}
        liveScanLocationsHref={backgroundCheckLinks.liveScanLocations}
        onlineCheckHref={backgroundCheckLinks.onlineCheck}
        headingLevel={2}
      />
      <p className={styles.muted}>
        We mark this task Completed when your results arrive, usually within one to two weeks.
      </p>
    </Stack>
  );
}
