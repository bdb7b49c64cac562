import { Button } from '@tutoring/ui/components/Button/Button';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { firebaseErrorCode } from '../../auth/firebaseSessionTypes';
import { readReturnPath } from '../../auth/returnPath';
import { useAuthState } from '../../auth/useAuthState';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';
import { usePortalServices } from '../../lib/services/portalServices';

type Phase = 'signingIn' | 'popupBlocked';

/**
 * The tutor sign-in redirector (§2 auth/google): opens Google's popup at once, then goes back to
 * where the visitor came from (state 'from') or to /tutoring; on failure to the landing page.
 * A browser may block a popup that does not follow a click; then a button offers it again.
 */
export function GoogleSignInPage() {
  const auth = useAuthState();
  const { session } = usePortalServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('signingIn');
  const started = useRef(false);
  const returnPath = useMemo(
    () => readReturnPath(location.state) ?? { pathname: paths.tutoring, search: '' },
    [location.state],
  );

  const signIn = useCallback(
    async (afterClick: boolean) => {
      setPhase('signingIn');
      try {
        await session.signInWithGoogle();
        await navigate(returnPath, { replace: true });
      } catch (error) {
        if (!afterClick && firebaseErrorCode(error) === 'auth/popup-blocked') {
          setPhase('popupBlocked');
          return;
        }
        await navigate(paths.landing, { replace: true });
      }
    },
    [navigate, returnPath, session],
  );

  useEffect(() => {
    if (auth.status === 'loading' || started.current) return;
    started.current = true;
    if (auth.status === 'google') {
      // Signed-in users skip the sign-in screen (§6).
      void navigate(returnPath, { replace: true });
      return;
    }
    void signIn(false);
  }, [auth.status, navigate, returnPath, signIn]);

  return (
    <PageColumn as="main">
      <title>Sign in with Google</title>
      <h1 className={styles.title}>Sign in to the Tutor Portal</h1>
      {phase === 'popupBlocked' ? (
        <>
          <Notice variant="info" title="Your browser blocked the sign-in window.">
            Open it with the button below, then choose your organisation account.
          </Notice>
          <Inline gap="md">
            <Button onPress={() => void signIn(true)}>Sign in with Google</Button>
          </Inline>
        </>
      ) : (
        <Spinner label="Loading sign in with popup" showLabel />
      )}
    </PageColumn>
  );
}
