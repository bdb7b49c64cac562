import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { onboardingSupportLinks } from '../../../config/onboardingLinks';
import { formatInterviewDate } from '../formatInterviewDate';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/** /onboarding/chat: the onboarding chat (the interview), when it is and how to prepare. */
export function ChatPage() {
  const user = useOnboardingUser();
  useFreshOnboardingRecord(false);
  return (
    <Stack gap="xl">
      <title>Onboarding Chat · Onboarding</title>
      <h1 className={styles.title}>Onboarding Chat</h1>
      <p className={styles.lead}>
        A 20-minute video call with a member of our onboarding team, to get to know you, answer your
        questions and find the students you would work with best.
      </p>
      {user.interviewDate === null ? (
        <Notice variant="warn" title="You have not booked your onboarding chat yet.">
          <Link href={onboardingPaths.chatSchedule}>Book your onboarding chat</Link> to continue
          with onboarding.
        </Notice>
      ) : (
        <Notice variant="success" title="Your onboarding chat is booked.">
          {formatInterviewDate(user.interviewDate)}. The video link is in the confirmation e-mail we
          sent to {user.email}.
        </Notice>
      )}

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="chat-prepare">
        <h2 id="chat-prepare" className={styles.sectionTitle}>
          How to prepare
        </h2>
        <Stack as="ul" gap="sm" className={styles.list}>
          <li>Join from a quiet place with a working camera and microphone.</li>
          <li>Think about the grades and subjects you would like to tutor.</li>
          <li>Have your weekly availability in mind: we will talk about when you can tutor.</li>
          <li>Bring your questions about tutoring, training or the background check.</li>
        </Stack>
      </Stack>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="chat-change">
        <h2 id="chat-change" className={styles.sectionTitle}>
          Need a different time?
        </h2>
        <p className={styles.text}>
          You can move your chat up to 24 hours before it starts. After that, please{' '}
          <Link href={onboardingSupportLinks.contactOnboardingSupport} external>
            contact onboarding support
          </Link>
          .
        </p>
        <Inline gap="md" alignY="center">
          <Link href={onboardingPaths.chatSchedule} variant="secondaryButton">
            {user.interviewDate === null ? 'Book your onboarding chat' : 'Choose another time'}
          </Link>
        </Inline>
      </Stack>
    </Stack>
  );
}
