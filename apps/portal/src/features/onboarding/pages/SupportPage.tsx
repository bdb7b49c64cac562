import { Card } from '@tutoring/ui/components/Card/Card';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { Tiles } from '@tutoring/ui/components/Tiles/Tiles';
import { onboardingSupportLinks, trainingLinks } from '../../../config/onboardingLinks';
import { onboardingPaths } from '../onboardingPaths';
import * as styles from './onboardingPage.css';

const questions: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Do I have to do the tasks in order?',
    answer:
      'No. Waiver, training, background check and availability can be done in any order, and each card on the dashboard shows whether it is done.',
  },
  {
    question: 'I submitted a form but the task still says Not Completed.',
    answer:
      'Forms reach us within a minute or two; the page updates by itself. A background check shows as Completed only when the results arrive, which can take one to two weeks.',
  },
  {
    question: 'I cannot make any live training date.',
    answer:
      'Watch the recorded Tutoring 101 training and submit its knowledge check instead: it completes training just the same.',
  },
  {
    question: 'How long until I am matched with a student?',
    answer:
      'Usually one to three weeks after your four tasks are done. We e-mail you your student and your Tutor Portal login.',
  },
];

/** /onboarding/support: answers to common questions and every way to reach the onboarding team. */
export function SupportPage() {
  return (
    <Stack gap="xl">
      <title>Support · Onboarding</title>
      <h1 className={styles.title}>Onboarding Support</h1>
      <p className={styles.lead}>
        Stuck on a task or unsure what comes next? These answers cover most questions, and our
        onboarding team is happy to help with the rest.
      </p>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="support-questions">
        <h2 id="support-questions" className={styles.sectionTitle}>
          Common questions
        </h2>
        <Stack as="dl" gap="md" className={styles.definitionList}>
          {questions.map(({ question, answer }) => (
            <div key={question}>
              <dt className={styles.question}>{question}</dt>
              <dd className={styles.answer}>{answer}</dd>
            </div>
          ))}
        </Stack>
        <p className={styles.text}>
          <Link href={onboardingSupportLinks.faq} external>
            Read the full FAQ
          </Link>
        </p>
      </Stack>

      <Stack as="section" gap="md" aria-labelledby="support-contact">
        <h2 id="support-contact" className={styles.sectionTitle}>
          Talk to us
        </h2>
        <Tiles as="ul" gap="lg" minWidth="card" shortRow="keepWidth" className={styles.cards}>
          <li>
            <Card title="Meet with Onboarding Support" headingLevel={3}>
              <p className={styles.text}>
                Book a 15-minute video call with the onboarding team.{' '}
                <Link href={onboardingSupportLinks.meetWithOnboardingSupport} external>
                  Book a call
                </Link>
              </p>
            </Card>
          </li>
          <li>
            <Card title="Contact Onboarding Support" headingLevel={3}>
              <p className={styles.text}>
                Send us a message; we answer within two working days.{' '}
                <Link href={onboardingSupportLinks.contactOnboardingSupport} external>
                  Send a message
                </Link>
              </p>
            </Card>
          </li>
          <li>
            <Card title="Office hours" headingLevel={3}>
              <p className={styles.text}>
                Drop in to a weekly open session with questions about training or tutoring.{' '}
                <Link href={trainingLinks.officeHours} external>
                  Sign up for office hours
                </Link>
              </p>
            </Card>
          </li>
          <li>
            <Card title="Tutor Resources" headingLevel={3}>
              <p className={styles.text}>
                Guides, lesson ideas and the tutor handbook.{' '}
                <Link href={onboardingSupportLinks.tutorResources} external>
                  Browse the resources
                </Link>
              </p>
            </Card>
          </li>
        </Tiles>
      </Stack>

      <p className={styles.text}>
        <Link href={onboardingPaths.dashboard} variant="secondaryButton">
          Back to the dashboard
        </Link>
      </p>
    </Stack>
  );
}
