import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { organisation } from '../../config/organisation';
import { tutoringLinks } from '../../config/tutoringLinks';
import { isApiError, referenceOf } from '../../lib/apiError';
import { paths } from '../../lib/paths';
import { usePortalServices } from '../../lib/services/portalServices';
import * as styles from './TutorAccountProblem.css';

export interface TutorAccountProblemProps {
  /** Why GET /tutor failed. */
  error: Error;
  /** The signed-in Google account's e-mail, when known. */
  email: string | null;
  /** Loads the tutor again. */
  onRetry: () => void;
}

/**
 * Shown instead of the dashboard when GET /tutor fails: the domain refusal (403), the
 * account-not-found screen with its remedies (404, §2 and §8), or a load failure to retry.
 */
export function TutorAccountProblem({ error, email, onRetry }: TutorAccountProblemProps) {
  const queryClient = useQueryClient();
  const { session } = usePortalServices();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'signingOut' | 'switchingAccount' | null>(null);

  async function signOut() {
    setBusy('signingOut');
    // /logout signs out and clears the stored keys, outside the guarded area (signed out inside
    // it, the guard would start a new sign-in).
    await navigate(paths.logout);
    // Nothing of this account may linger for the next one.
    queryClient.clear();
  }

  async function switchAccount() {
    setBusy('switchingAccount');
    try {
      // Straight from the press, so no popup blocker interferes; Google's chooser is forced
      // (prompt=select_account) and the new account replaces the current one on success.
      await session.signInWithGoogle();
    } catch {
      // Closed or failed: the visitor stays here, still signed in with the same account.
    } finally {
      setBusy(null);
    }
  }

  const switchAccountButton = (
    <Button
      isPending={busy === 'switchingAccount'}
      pendingLabel="Opening Google sign-in"
      onPress={() => void switchAccount()}
    >
      Use another account
    </Button>
  );
  const signOutButton = (
    <Button
      variant="secondary"
      isPending={busy === 'signingOut'}
      pendingLabel="Signing out"
      onPress={() => void signOut()}
    >
      Sign Out
    </Button>
  );

  if (isApiError(error, 403)) {
    return (
      <PageColumn as="main" width="content">
        <title>Account not allowed · Tutoring Dashboard</title>
        <h1 className={styles.title}>This account cannot open the Tutor Portal</h1>
        <Notice variant="failure" title="Sign in with your organisation e-mail.">
          {email ? `You are signed in as ${email}. ` : ''}
          The Tutor Portal is only for @{organisation.domain} accounts.
        </Notice>
        <Inline gap="md">
          {switchAccountButton}
          {signOutButton}
        </Inline>
      </PageColumn>
    );
  }

  if (isApiError(error, 404)) {
    return (
      <PageColumn as="main" width="content">
        <title>Account not found · Tutoring Dashboard</title>
        <h1 className={styles.title}>Account not found</h1>
        <Notice variant="failure" reference={referenceOf(error)}>
          We cannot find your account in our system.
          {email ? ` You are signed in as ${email}.` : ''}
        </Notice>
        <Stack gap="sm" className={styles.remedies}>
          <h2 className={styles.subtitle}>What you can do</h2>
          <Stack as="ol" gap="xs" className={styles.steps}>
            <li>Refresh this page: a new tutor account can take a moment to appear.</li>
            <li>
              Sign in again with your organisation e-mail (@{organisation.domain}): use another
              account below.
            </li>
            <li>
              If it still fails,{' '}
              <Link href={tutoringLinks.reportBug} external>
                report a bug
              </Link>{' '}
              with the form, and tell us the e-mail you signed in with.
            </li>
            <li>Or sign out.</li>
          </Stack>
        </Stack>
        <Inline gap="md">
          <Button variant="secondary" onPress={() => window.location.reload()}>
            Refresh
          </Button>
          {switchAccountButton}
          {signOutButton}
        </Inline>
      </PageColumn>
    );
  }

  return (
    <PageColumn as="main" width="content">
      <title>Tutoring Dashboard</title>
      <h1 className={styles.title}>Tutoring Dashboard</h1>
      <Notice
        variant="failure"
        title="Your account could not be loaded."
        reference={referenceOf(error)}
      >
        Please try again in a moment.
      </Notice>
      <Inline gap="md">
        <Button onPress={onRetry}>Try again</Button>
        {signOutButton}
      </Inline>
    </PageColumn>
  );
}
