import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../lib/PageLoading/PageLoading';
import { paths } from '../lib/paths';
import { returnPathState } from './returnPath';
import { useAuthState } from './useAuthState';

/**
 * Guard of the tutoring area (§2): without a Google session it goes to /auth/google, remembering
 * the path plus query in state 'from'; while the first auth state is unknown it shows loading. An
 * applicant's magic session is not a tutor's session (§6), so it is sent to sign in as well.
 */
export function RequireGoogleSession() {
  const auth = useAuthState();
  const location = useLocation();
  if (auth.status === 'loading') return <PageLoading label="Checking your sign-in" />;
  if (auth.status !== 'google') {
    return <Navigate to={paths.googleSignIn} replace state={returnPathState(location)} />;
  }
  return <Outlet />;
}
