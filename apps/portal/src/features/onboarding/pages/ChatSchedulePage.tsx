import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { SchedulingEmbed } from '@tutoring/ui/components/SchedulingEmbed/SchedulingEmbed';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { formatInterviewDate } from '../formatInterviewDate';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingChatSchedulingUrl } from '../onboardingEmbedUrls';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/**
 * /onboarding/chat/schedule: booking the onboarding chat through the scheduling widget. The
 * dashboard sends applicants here until they have a date (§2: no interviewDate).
 */
export function ChatSchedulePage() {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  useFreshOnboardingRecord(user.interviewDate === null);
  const schedulingUrl = onboardingChatSchedulingUrl(user);
  return (
    <Stack gap="xl">
      <title>Book your onboarding chat · Onboarding</title>
      <h1 className={styles.title}>Book your onboarding chat</h1>
      {user.interviewDate === null ? (
        <p className={styles.lead}>
          Welcome, {user.firstname}! Your first step is a 20-minute video call with our onboarding
          team. Pick a time below; your onboarding tasks open as soon as it is booked.
        </p>
      ) : (
        <Notice variant="success" title="Your onboarding chat is booked.">
          {formatInterviewDate(user.interviewDate)}.{' '}
          <Link href={onboardingPaths.dashboard}>Continue to your onboarding tasks</Link>
        </Notice>
      )}
      <Stack as="section" gap="md" aria-labelledby="chat-times">
        <h2 id="chat-times" className={styles.sectionTitle}>
          {user.interviewDate === null ? 'Choose a time' : 'Choose another time'}
        </h2>
        <p className={styles.text}>
          This page updates by itself once your booking reaches us. If the times do not show,{' '}
          <Link href={schedulingUrl} external>
            open the booking page in a new tab
          </Link>
          .
        </p>
        <SchedulingEmbed
          src={embedSource(schedulingUrl)}
          title="Onboarding chat times"
          loadingLabel="Loading available times"
        />
      </Stack>
    </Stack>
  );
}
