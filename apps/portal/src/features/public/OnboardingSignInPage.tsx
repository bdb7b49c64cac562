import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readReturnPath } from '../../auth/returnPath';
import { useAuthState } from '../../auth/useAuthState';
import { usePortalServices } from '../../lib/services/portalServices';
import { OnboardingSignInScreen } from './OnboardingSignInScreen';

/**
 * /auth inside the app (§2): the onboarding sign-in screen with the router's address and the
 * session of the portal's services (Firebase, loaded by useAuthState). A visit that starts on /auth
 * with a link's token or a stored session gets this page; one with neither gets the same screen
 * without the app (src/app/StandaloneSignInPage.tsx).
 */
export function OnboardingSignInPage() {
  const auth = useAuthState();
  const { session } = usePortalServices();
  const location = useLocation();
  const routerNavigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const locationState: unknown = location.state;

  const navigate = useCallback(
    (path: string) => {
      void routerNavigate(path, { replace: true });
    },
    [routerNavigate],
  );
  const replaceQuery = useCallback(
    (next: URLSearchParams) => setQuery(next, { replace: true, state: locationState }),
    [setQuery, locationState],
  );

  return (
    <OnboardingSignInScreen
      auth={auth}
      query={query}
      guardOrigin={readReturnPath(locationState)}
      origin={window.location.origin}
      navigate={navigate}
      replaceQuery={replaceQuery}
      requestMagicLink={session.requestMagicLink}
      signInWithMagicLink={session.signInWithMagicLink}
    />
  );
}
