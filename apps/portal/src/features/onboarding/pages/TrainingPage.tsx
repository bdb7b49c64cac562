import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { SchedulingEmbed } from '@tutoring/ui/components/SchedulingEmbed/SchedulingEmbed';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { trainingLinks } from '../../../config/onboardingLinks';
import { useEmbedSource } from '../../../lib/services/portalServices';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { trainingSchedulingUrl } from '../onboardingEmbedUrls';
import { describeOnboardingFailure } from '../onboardingErrors';
import { onboardingPaths } from '../onboardingPaths';
import { useTrainingRegistration } from '../useTrainingRegistration';
import * as styles from './onboardingPage.css';

function TrainingCompleted() {
  return (
    <Stack gap="xl">
      <title>Training · Onboarding</title>
      <h1 className={styles.title}>Training</h1>
      <Notice variant="success" title="Training Completed">
        You have finished training and passed the knowledge check. Come back here whenever you want
        a refresher.
      </Notice>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="training-refreshers">
        <h2 id="training-refreshers" className={styles.sectionTitle}>
          Refreshers
        </h2>
        <Stack as="ul" gap="sm" className={styles.linkList}>
          <li>
            <Link href={trainingLinks.recordedTraining} external>
              Watch the recorded training
            </Link>
          </li>
          <li>
            <Link href={trainingLinks.liveTrainingEvent} external>
              Join a live training event again
            </Link>
          </li>
          <li>
            <Link href={trainingLinks.officeHours} external>
              Drop in to office hours
            </Link>
          </li>
        </Stack>
      </Stack>

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="training-practice">
        <h2 id="training-practice" className={styles.sectionTitle}>
          Practise with the demo accounts
        </h2>
        <p className={styles.text}>
          Before your first session, try the two learning tools your student will use. The demo
          accounts hold sample students only, so you cannot break anything.
        </p>
        <h3 className={styles.subsectionTitle}>Math tool</h3>
        <Stack as="ol" gap="sm" className={styles.list}>
          <li>
            Open the{' '}
            <Link href={trainingLinks.mathToolDemo} external>
              math tool demo
            </Link>{' '}
            and choose 'Sign in with the demo account'.
          </li>
          <li>Open the sample student and start the lesson 'Adding fractions'.</li>
          <li>
            Work through three problems as the student would, using the hint button once, then
            switch to the tutor view to see how their progress and hints show up.
          </li>
        </Stack>
        <h3 className={styles.subsectionTitle}>Reading tool</h3>
        <Stack as="ol" gap="sm" className={styles.list}>
          <li>
            Open the{' '}
            <Link href={trainingLinks.readingToolDemo} external>
              reading tool demo
            </Link>{' '}
            and choose 'Sign in with the demo account'.
          </li>
          <li>Pick a leveled book for a 3rd grader and read the first chapter aloud together.</li>
          <li>
            Answer the comprehension questions at the end, then look at the report the tool makes
            for the tutor.
          </li>
        </Stack>
        <p className={styles.text}>
          The <Link href={onboardingPaths.workbook}>tutor workbook</Link> has more practice ideas.
        </p>
      </Stack>
    </Stack>
  );
}

function RegistrationStatus({
  registration,
}: {
  registration: ReturnType<typeof useTrainingRegistration>;
}) {
  if (registration.isPending) return <Spinner label="Registering you for the training" showLabel />;
  if (registration.isSuccess) {
    return (
      <Notice variant="success" title="You're registered.">
        {registration.data.alreadyRegistered
          ? 'You were already on the list for this training.'
          : `We have e-mailed the invitation to ${registration.data.email}.`}
      </Notice>
    );
  }
  if (registration.isError) {
    const { code, message, reference } = describeOnboardingFailure(registration.error);
    return (
      <Notice variant="failure" title={code ?? 'Registration failed'} reference={reference}>
        {code === 'aborted'
          ? 'This training has already started. Please choose a later date.'
          : `${message} Your booking is kept; please try again or contact onboarding support.`}
      </Notice>
    );
  }
  return null;
}

/**
 * /onboarding/training (§2): when the knowledge check is passed, 'Training Completed' with
 * refreshers and demo-account practice; otherwise the 2-hour live virtual session with its
 * scheduling widget, and a way to the recorded training for those who cannot make the dates.
 */
export function TrainingPage() {
  const user = useOnboardingUser();
  const embedSource = useEmbedSource();
  useFreshOnboardingRecord(!user.workbookCompleted);
  const schedulingUrl = trainingSchedulingUrl(user);
  const registration = useTrainingRegistration(schedulingUrl);

  if (user.workbookCompleted) return <TrainingCompleted />;

  return (
    <Stack gap="xl">
      <title>Training · Onboarding</title>
      <h1 className={styles.title}>Training</h1>
      <p className={styles.lead}>
        Training is a 2-hour live virtual session with our onboarding team. It covers how a tutoring
        session runs, the learning tools you will use, keeping students safe, and where to get help.
      </p>
      {user.typeOfTrainingCompleted ? (
        <Notice variant="info" title="You attended a live training.">
          One step left: submit the{' '}
          <Link href={onboardingPaths.liveTrainingKnowledgeCheck}>
            live training knowledge check
          </Link>{' '}
          to complete training.
        </Notice>
      ) : null}

      <Stack as="section" gap="md" aria-labelledby="training-dates">
        <h2 id="training-dates" className={styles.sectionTitle}>
          Choose a live training date
        </h2>
        <p className={styles.text}>
          Pick a date that suits you. We e-mail you the calendar invitation with the video link.
          After the session, submit the short knowledge check to complete training. If the dates do
          not show,{' '}
          <Link href={schedulingUrl} external>
            open the training dates in a new tab
          </Link>
          .
        </p>
        <RegistrationStatus registration={registration} />
        <SchedulingEmbed
          src={embedSource(schedulingUrl)}
          title="Live training dates"
          loadingLabel="Loading training dates"
        />
        <p className={styles.text}>
          <Link href={onboardingPaths.asyncTraining}>I can't make any of these dates</Link>
        </p>
      </Stack>
    </Stack>
  );
}
