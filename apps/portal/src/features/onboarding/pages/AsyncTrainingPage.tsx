import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { VideoEmbed } from '@tutoring/ui/components/VideoEmbed/VideoEmbed';
import { onboardingEmbeds } from '../../../config/onboardingLinks';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/**
 * /onboarding/async-training, 'Tutoring 101' (§2): the recorded training for those who cannot
 * make a live date, and the knowledge check (in a new tab, so the video stays where it was).
 */
export function AsyncTrainingPage() {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  useFreshOnboardingRecord(false);
  return (
    <Stack gap="xl">
      <title>Tutoring 101 · Onboarding</title>
      <h1 className={styles.title}>Tutoring 101</h1>
      <p className={styles.lead}>
        Can't make a live session? Watch the recorded training at your own pace. It covers the same
        material as the live session and takes about 2 hours; you can pause and come back.
      </p>
      {user.workbookCompleted ? (
        <Notice variant="success" title="Training Completed">
          You have already passed the knowledge check. The video stays here for a refresher.
        </Notice>
      ) : (
        <Notice
          variant="info"
          title="Submitting the knowledge check is required to complete training."
        >
          When you have watched the video, open the knowledge check and submit it. Watching alone
          does not complete the Training task.
        </Notice>
      )}
      <Stack as="section" gap="md" aria-labelledby="tutoring-101-video">
        <h2 id="tutoring-101-video" className={styles.sectionTitle}>
          Watch the training
        </h2>
        <VideoEmbed
          src={embedSource(onboardingEmbeds.tutoring101Video)}
          title="Tutoring 101 training video"
          loadingLabel="Loading the training video"
        />
      </Stack>
      <Stack as="section" gap="md" className={styles.section} aria-labelledby="tutoring-101-check">
        <h2 id="tutoring-101-check" className={styles.sectionTitle}>
          Take the knowledge check
        </h2>
        <p className={styles.text}>
          A few questions on what the training covered. It opens in a new tab, so you can look back
          at the video.
        </p>
        <Inline gap="md" alignY="center">
          <Link href={onboardingPaths.knowledgeCheck} variant="primaryButton" external>
            Open the knowledge check
          </Link>
          <Link href={onboardingPaths.training}>Back to live training dates</Link>
        </Inline>
      </Stack>
    </Stack>
  );
}
