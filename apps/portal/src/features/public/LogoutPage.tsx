import { Button } from '@tutoring/ui/components/Button/Button';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';
import { usePortalServices } from '../../lib/services/portalServices';
import { logoutPhaseAttribute, signingOutAttribute } from './LogoutPage.css';

export type LogoutPhase = 'signingOut' | 'signedOut' | 'failed';

/** /logout (§2): signs out, removes the stored session keys, then confirms it. */
export function LogoutPage({
  initialPhase = 'signingOut',
}: {
  /**
   * 'signedOut' when no session's keys are stored and the page was prerendered so (src/app/
   * prerenderedPages.tsx): the sign-out still runs, for a session Firebase may have kept, without
   * a spinner over a page that is already right.
   */
  initialPhase?: 'signingOut' | 'signedOut';
} = {}) {
  const { session } = usePortalServices();
  const [phase, setPhase] = useState<LogoutPhase>(initialPhase);
  const started = useRef(false);

  const signOut = useCallback(
    (showProgress = true) => {
      if (showProgress) setPhase('signingOut');
      session.logOut().then(
        () => setPhase('signedOut'),
        () => setPhase('failed'),
      );
    },
    [session],
  );

  // The app has the page now: it shows the sign-out's own progress, so the prerendered page's
  // hiding of its confirmation (logoutSessionCheck.ts) ends before the browser paints again.
  useLayoutEffect(() => {
    document.documentElement.removeAttribute(signingOutAttribute);
  }, []);

  useEffect(() => {
    // Once per visit, also under StrictMode's second effect run.
    if (started.current) return;
    started.current = true;
    signOut(initialPhase === 'signingOut');
  }, [signOut, initialPhase]);

  return (
    <PageColumn as="main" {...{ [logoutPhaseAttribute]: phase }}>
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
          <Inline gap="md">
            <Button onPress={() => signOut()}>Try again</Button>
            <Link href={paths.landing} variant="secondaryButton">
              Return to home
            </Link>
          </Inline>
        </>
      )}
    </PageColumn>
  );
}
