import { useQueryClient } from '@tanstack/react-query';
import { AppShell } from '@tutoring/ui/components/AppShell/AppShell';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { UserMenu } from '@tutoring/ui/components/UserMenu/UserMenu';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type ApplicantSession, useApplicantSession } from '../../../auth/useApplicantSession';
import { onboardingSupportLinks } from '../../../config/onboardingLinks';
import { organisation } from '../../../config/organisation';
import { PageLoading } from '../../../lib/PageLoading/PageLoading';
import { paths } from '../../../lib/paths';
import type { OnboardingOutletContext } from '../onboardingContext';
import { describeOnboardingFailure } from '../onboardingErrors';
import { currentStepLabel, type OnboardingUser, tutorStage, tutorStages } from '../onboardingUser';
import { useOnboardingUserQuery } from '../onboardingUserQuery';
import * as styles from './OnboardingLayout.css';
import { onboardingSidebarGroups } from './onboardingSidebarGroups';
import logoUrl from './organisationLogo.svg';

const brand = (
  <Inline as="span" gap="sm" alignY="center" wrap={false} className={styles.brand}>
    <img src={logoUrl} alt="" width={32} height={32} className={styles.logoImage} />
    {organisation.name}
  </Inline>
);

function CurrentStep({ user }: { user: OnboardingUser }) {
  const stage = tutorStage(user.status);
  return (
    <Stack gap="xxs" className={styles.currentStep}>
      <span className={styles.currentStepTerm}>Current step</span>
      <p className={styles.currentStepValue}>{currentStepLabel(user)}</p>
      <p className={styles.currentStepStage}>
        Stage {stage + 1} of {tutorStages.length}: {tutorStages[stage]}
      </p>
    </Stack>
  );
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { code, message, reference } = describeOnboardingFailure(error);
  const signOut = (
    <Link href={paths.logout} variant="secondaryButton">
      Sign out
    </Link>
  );
  if (code === 'not-found') {
    return (
      <PageColumn as="main">
        <title>Onboarding</title>
        <h1 className={styles.failureTitle}>We cannot find your application</h1>
        <Notice variant="failure" title={code} reference={reference}>
          {message}
        </Notice>
        <p>
          Check that you opened the link sent to the e-mail address you applied with. If you did,
          our onboarding team can look into it.
        </p>
        <Inline gap="md">
          <Link href={onboardingSupportLinks.contactOnboardingSupport} external>
            Contact Onboarding Support
          </Link>
          {signOut}
        </Inline>
      </PageColumn>
    );
  }
  if (code === 'unauthenticated' || code === 'permission-denied') {
    return (
      <PageColumn as="main">
        <title>Onboarding</title>
        <h1 className={styles.failureTitle}>Please sign in again</h1>
        <Notice variant="failure" title={code} reference={reference}>
          {message}
        </Notice>
        <p>Your sign-in has ended. Sign out, then ask for a new magic link.</p>
        <Inline gap="md">{signOut}</Inline>
      </PageColumn>
    );
  }
  return (
    <PageColumn as="main">
      <title>Onboarding</title>
      <h1 className={styles.failureTitle}>Your onboarding could not be loaded</h1>
      <Notice variant="failure" title={code ?? 'Network error'} reference={reference}>
        {message}
      </Notice>
      <p>Nothing you have done is lost. Try again in a moment.</p>
      <Inline gap="md">
        <Button onPress={onRetry}>Try again</Button>
        {signOut}
      </Inline>
    </PageColumn>
  );
}

function OnboardingArea({ session }: { session: ApplicantSession }) {
  const record = useOnboardingUserQuery(session);
  const location = useLocation();
  // The page this visit to the area started on renders together with the layout's first load.
  const [entryLocationKey] = useState(location.key);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (record.isPending) return <PageLoading label="Loading your onboarding" />;
  if (record.isError) {
    return <LoadFailure error={record.error} onRetry={() => void record.refetch()} />;
  }

  const user = record.data;
  async function signOut() {
    // §2: /logout signs out and clears the stored keys, outside the guarded area.
    await navigate(paths.logout);
    // Nothing of this applicant may linger for the next one.
    queryClient.removeQueries({ queryKey: ['onboardingUser'] });
  }

  return (
    <AppShell
      // Under 768 px the top bar shows the organisation's name next to the menu button; as a
      // banner landmark, so no text sits outside every landmark (axe 'region').
      mobileBrand={<header>{brand}</header>}
      sidebar={{
        logo: brand,
        title: 'Onboarding',
        label: 'Onboarding',
        groups: onboardingSidebarGroups(user, location.pathname),
        footer: (
          <Stack gap="md">
            <CurrentStep user={user} />
            <UserMenu
              firstName={user.firstname}
              lastName={user.lastname}
              email={user.email}
              onSignOut={() => void signOut()}
            />
          </Stack>
        ),
      }}
    >
      <Outlet context={{ user, session, entryLocationKey } satisfies OnboardingOutletContext} />
    </AppShell>
  );
}

/**
 * The onboarding area's frame (§2): the sidebar with the tasks, support links, current step and
 * user menu (a drawer under 768 px), around the page. It loads the applicant's record first and
 * shows why when it cannot. The magic-session guard around it has already let the visitor in.
 */
export function OnboardingLayout() {
  const session = useApplicantSession();
  if (session === null) return <PageLoading label="Checking your sign-in" />;
  return <OnboardingArea session={session} />;
}
