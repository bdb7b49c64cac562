import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../app/apiError';
import { paths } from '../../app/paths';
import { signInWithGoogle } from '../../auth/authStore';
import { useAuthState } from '../../auth/useAuthState';
import { externalLinks } from '../../config/externalLinks';
import { organisation } from '../../config/organisation';
import * as styles from './TutoringHomePage.css';
import { useTutorQuery } from './useTutorQuery';

/** /tutoring: the tutor's welcome line from GET /tutor (§2 header), or why it cannot be shown. */
export function TutoringHomePage() {
  const auth = useAuthState();
  const tutor = useTutorQuery(auth);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'signingOut' | 'switchingAccount' | null>(null);
  const email = auth.status === 'google' ? auth.user.email : null;

  async function signOut() {
    setBusy('signingOut');
    // §2: /logout signs out and clears the stored keys, outside the guarded area (signed out inside
    // it, the guard would start a new sign-in).
    await navigate(paths.logout);
    // Nothing of this account may linger for the next one.
    queryClient.clear();
  }

  async function switchAccount() {
    setBusy('switchingAccount');
    try {
      // Straight from the click, so no popup blocker interferes; Google's chooser is forced
      // (prompt=select_account) and the new account replaces the current one on success.
      await signInWithGoogle();
    } catch {
      // Closed or failed: the visitor stays here, still signed in with the refused account.
    } finally {
      setBusy(null);
    }
  }

  const signOutButton = (
    <Button
      variant="secondary"
      isPending={busy === 'signingOut'}
      pendingLabel="Signing out"
      onPress={() => void signOut()}
    >
      Sign out
    </Button>
  );

  if (tutor.isPending) {
    return (
      <main className={styles.page}>
        <title>Tutoring Dashboard</title>
        <Spinner label="Loading your account" size="large" showLabel />
      </main>
    );
  }

  if (tutor.isError) {
    if (isApiError(tutor.error, 403)) {
      return (
        <main className={styles.page}>
          <title>Account not allowed · Tutoring Dashboard</title>
          <h1 className={styles.title}>This account cannot open the Tutor Portal</h1>
          <Notice variant="failure" title="Sign in with your organisation e-mail.">
            {email ? `You are signed in as ${email}. ` : ''}
            The Tutor Portal is only for @{organisation.domain} accounts.
          </Notice>
          <div className={styles.actions}>
            <Button
              isPending={busy === 'switchingAccount'}
              pendingLabel="Opening Google sign-in"
              onPress={() => void switchAccount()}
            >
              Use another account
            </Button>
            {signOutButton}
          </div>
        </main>
      );
    }
    if (isApiError(tutor.error, 404)) {
      return (
        <main className={styles.page}>
          <title>Account not found · Tutoring Dashboard</title>
          <h1 className={styles.title}>Account not found</h1>
          <Notice variant="failure">We cannot find your account in our system.</Notice>
          <div className={styles.remedies}>
            <h2 className={styles.subtitle}>What you can do</h2>
            <ol className={styles.steps}>
              <li>Refresh this page.</li>
              <li>Sign out, then sign in again with your @{organisation.domain} e-mail.</li>
              <li>
                If it still fails,{' '}
                <Link href={externalLinks.reportIssueForm} external>
                  report a bug
                </Link>
                .
              </li>
            </ol>
          </div>
          <div className={styles.actions}>{signOutButton}</div>
        </main>
      );
    }
    return (
      <main className={styles.page}>
        <title>Tutoring Dashboard</title>
        <h1 className={styles.title}>Tutoring Dashboard</h1>
        <Notice variant="failure" title="Your account could not be loaded.">
          Please try again in a moment.
        </Notice>
        <div className={styles.actions}>
          <Button onPress={() => void tutor.refetch()}>Try again</Button>
          {signOutButton}
        </div>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <title>Tutoring Dashboard</title>
      <h1 className={styles.title}>Welcome, {tutor.data.First_Name}!</h1>
      <p className={styles.signedInAs}>Signed in as {tutor.data.email}</p>
      <div className={styles.actions}>{signOutButton}</div>
    </main>
  );
}
