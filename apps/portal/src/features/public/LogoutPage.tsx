import { Button } from '@tutoring/ui/components/Button/Button';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { useCallback, useEffect, useRef, useState } from 'react';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';
import { usePortalServices } from '../../lib/services/portalServices';

type Phase = 'signingOut' | 'signedOut' | 'failed';

/** /logout (§2): signs out, removes the stored session keys, then confirms it. */
export function LogoutPage() {
  const { session } = usePortalServices();
  const [phase, setPhase] = useState<Phase>('signingOut');
  const started = useRef(false);

  const signOut = useCallback(() => {
    setPhase('signingOut');
    session.logOut().then(
      () => setPhase('signedOut'),
      () => setPhase('failed'),
    );
  }, [session]);

  useEffect(() => {
    // Once per visit, also under StrictMode's second effect run.
    if (started.current) return;
    started.current = true;
    signOut();
  }, [signOut]);

  return (
    <main className={styles.page}>
      <title>Log out</title>
      {phase === 'signingOut' && <Spinner label="Signing out" size="large" showLabel />}
      {phase === 'signedOut' && (
        <>
          <h1 className={styles.title}>You have been logged out.</h1>
          <p>
            <Link href={paths.landing} variant="primaryButton">
              Return to home
            </Link>
          </p>
        </>
      )}
      {phase === 'failed' && (
        <>
          <h1 className={styles.title}>Signing out did not finish</h1>
          <Notice variant="failure" title="We could not reach the sign-in service.">
            Check your connection, then try again.
          </Notice>
          <div className={styles.actions}>
            <Button onPress={signOut}>Try again</Button>
            <Link href={paths.landing} variant="secondaryButton">
              Return to home
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
