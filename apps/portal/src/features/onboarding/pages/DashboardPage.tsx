import { Link } from '@tutoring/ui/components/Link/Link';
import { OnboardingCompletePopup } from '@tutoring/ui/components/OnboardingCompletePopup/OnboardingCompletePopup';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { StepList } from '@tutoring/ui/components/StepList/StepList';
import { TaskCard } from '@tutoring/ui/components/TaskCard/TaskCard';
import { Tiles } from '@tutoring/ui/components/Tiles/Tiles';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { organisation } from '../../../config/organisation';
import { paths } from '../../../lib/paths';
import { formatInterviewDate } from '../formatInterviewDate';
import { useFreshOnboardingRecord, useOnboardingUser } from '../onboardingContext';
import { onboardingPaths, onboardingTaskPath } from '../onboardingPaths';
import { dashboardSteps, isOnboardingComplete, onboardingTasks } from '../onboardingUser';
import * as styles from './onboardingPage.css';

/**
 * /onboarding (§2): the greeting, the four task cards under 'Onboarding Steps' and the closing
 * 'Wait to get matched', each step past, current or upcoming from the status; the 'Onboarding
 * complete!' popup for the two final statuses. Without a booked onboarding chat it sends the
 * applicant to book one first.
 */
export function DashboardPage() {
  const user = useOnboardingUser();
  useFreshOnboardingRecord(false);
  const [popupDismissed, setPopupDismissed] = useState(false);

  if (user.interviewDate === null) return <Navigate to={onboardingPaths.chatSchedule} replace />;

  const tasks = onboardingTasks(user);
  const steps = dashboardSteps(user);
  const remaining = tasks.filter((task) => !task.completed).length;
  const complete = isOnboardingComplete(user.status);

  return (
    <Stack gap="xl">
      <title>Dashboard · Onboarding</title>
      <h1 className={styles.title}>Welcome, {user.firstname}!</h1>
      <p className={styles.lead}>
        {remaining === 0
          ? 'You have completed every onboarding task. Thank you!'
          : `Complete the four onboarding tasks below, in any order. ${remaining} of 4 still to do.`}
      </p>
      <p className={styles.text}>
        Your onboarding chat: {formatInterviewDate(user.interviewDate)}.{' '}
        <Link href={onboardingPaths.chat}>About your onboarding chat</Link>
      </p>

      <StepList
        label="Onboarding progress"
        headingLevel={2}
        steps={[
          {
            id: 'tasks',
            title: 'Onboarding Steps',
            status: steps.tasks,
            description: 'Four tasks, in any order. Each one opens its own page.',
            children: (
              <Tiles as="ul" gap="lg" minWidth="card" shortRow="keepWidth" className={styles.cards}>
                {tasks.map((task) => (
                  <li key={task.link}>
                    <TaskCard
                      name={task.name}
                      description={task.description}
                      timeEstimate={task.timeEstimate}
                      href={onboardingTaskPath(task.link)}
                      isCompleted={task.completed}
                      headingLevel={3}
                    />
                  </li>
                ))}
              </Tiles>
            ),
          },
          {
            id: 'matching',
            title: 'Wait to get matched',
            status: steps.matching,
            description:
              steps.matching === 'complete'
                ? 'You have been matched with a student. Welcome to the team!'
                : 'Once your tasks are done, we match you with a student whose needs and schedule fit yours, and e-mail you the details. This usually takes one to three weeks.',
          },
        ]}
      />

      <Stack as="section" gap="md" className={styles.section} aria-labelledby="onboarding-more">
        <h2 id="onboarding-more" className={styles.sectionTitle}>
          More for you
        </h2>
        <Stack as="ul" gap="sm" className={styles.linkList}>
          <li>
            <Link href={onboardingPaths.workbook}>Tutor workbook</Link>
          </li>
          <li>
            <Link href={onboardingPaths.support}>Help and support</Link>
          </li>
        </Stack>
      </Stack>

      <OnboardingCompletePopup
        isOpen={complete && !popupDismissed}
        onOpenChange={(open) => setPopupDismissed(!open)}
        firstName={user.firstname}
        tutorPortalHref={paths.tutoring}
        orgEmailDomain={organisation.domain}
      />
    </Stack>
  );
}
