import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../lib/PageLoading/PageLoading';
import { paths } from '../lib/paths';
import { returnPathState } from './returnPath';
import { useAuthState } from './useAuthState';

/**
 * Guard of the onboarding area (§2): without a magic session it goes to /auth, remembering the
 * path plus query in state 'from'; while the first auth state is unknown it shows loading. A
 * tutor's Google session is not an applicant's session (§6), so it is sent to /auth as well.
 */
export function RequireMagicSession() {
  const auth = useAuthState();
  const location = useLocation();
  if (auth.status === 'loading') return <PageLoading label="Checking your sign-in" />;
  if (auth.status !== 'magic') {
    return <Navigate to={paths.auth} replace state={returnPathState(location)} />;
  }
  return <Outlet />;
}
