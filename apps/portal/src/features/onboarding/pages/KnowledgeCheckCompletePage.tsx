import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { trainingLinks } from '../../../config/onboardingLinks';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

/** The knowledge check's questions with the answers the training teaches. */
const answerKey: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How is a typical session structured?',
    answer:
      'Check In (about 5 minutes), Lessons and Tasks (30-40 minutes), then Wrap Up (about 5 minutes).',
  },
  {
    question: 'Where may you contact your student or their guardian?',
    answer:
      'Only through the Tutor Portal and the tools the organisation provides: never by personal phone, e-mail or social media.',
  },
  {
    question: 'Your student is stuck on a problem. What do you do first?',
    answer:
      'Ask a guiding question or give a hint, and let them try again before showing the answer.',
  },
  {
    question: 'You cannot make a scheduled session. What do you do?',
    answer:
      'Tell the guardian as early as you can through the portal, and request a substitute if you will miss more than one session.',
  },
  {
    question:
      'A student tells you something that makes you worried for their safety. What do you do?',
    answer:
      'Stay calm, do not promise to keep it secret, and report it to the organisation the same day.',
  },
];

/**
 * /onboarding/knowledge-check-complete (§2), where the knowledge check sends applicants after
 * they submit: congratulations, the answer key, extra learning resources, office hours and the
 * way back to the dashboard.
 */
export function KnowledgeCheckCompletePage() {
  return (
    <Stack gap="xl">
      <title>Knowledge check complete · Onboarding</title>
      <h1 className={styles.title}>Congratulations!</h1>
      <p className={styles.lead}>
        You have submitted the knowledge check and completed training. Thank you for the time you
        are giving to our students.
      </p>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="answer-key">
        <h2 id="answer-key" className={styles.sectionTitle}>
          Answer key
        </h2>
        <Stack as="dl" gap="md" className={styles.definitionList}>
          {answerKey.map(({ question, answer }) => (
            <div key={question}>
              <dt className={styles.question}>{question}</dt>
              <dd className={styles.answer}>{answer}</dd>
            </div>
          ))}
        </Stack>
        <p className={styles.text}>
          <Link href={trainingLinks.knowledgeCheckAnswerKey} external>
            The full answer key with explanations
          </Link>
        </p>
      </Stack>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="extra-learning">
        <h2 id="extra-learning" className={styles.sectionTitle}>
          Extra learning resources
        </h2>
        <Stack as="ul" gap="sm" className={styles.linkList}>
          <li>
            <Link href={trainingLinks.tutoringStrategies} external>
              Tutoring strategies that work
            </Link>
          </li>
          <li>
            <Link href={trainingLinks.growthMindset} external>
              Building a growth mindset with your student
            </Link>
          </li>
          <li>
            <Link href={trainingLinks.childSafety} external>
              Keeping students safe online
            </Link>
          </li>
        </Stack>
      </Stack>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="office-hours">
        <h2 id="office-hours" className={styles.sectionTitle}>
          Questions?
        </h2>
        <p className={styles.text}>
          Our onboarding team holds office hours every week. Drop in with any question about
          training or your first sessions.
        </p>
        <Inline gap="md" alignY="center">
          <Link href={trainingLinks.officeHours} variant="primaryButton" external>
            Sign up for office hours
          </Link>
          <Link href={onboardingPaths.dashboard} variant="secondaryButton">
            Return to the dashboard
          </Link>
        </Inline>
      </Stack>
    </Stack>
  );
}
