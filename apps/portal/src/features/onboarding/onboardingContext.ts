import { useOutletContext } from 'react-router';
import type { ApplicantSession } from '../../auth/useApplicantSession';
import type { OnboardingUser } from './onboardingUser';
import { useOnboardingUserQuery } from './onboardingUserQuery';

/**
 * A record younger than this is not asked for again when a page opens: the layout has just loaded
 * it for this very page (a first visit renders both together).
 */
const justLoadedMs = 1000;

/** What the onboarding layout hands its pages once the applicant's record has loaded. */
export interface OnboardingOutletContext {
  readonly user: OnboardingUser;
  /** The magic session the record was loaded for. */
  readonly session: ApplicantSession;
}

/** The loaded applicant, for the pages under the onboarding layout. */
export function useOnboardingUser(): OnboardingUser {
  return useOutletContext<OnboardingOutletContext>().user;
}

/**
 * Asks the server again when a page opens (the layout's own request stays mounted while the
 * applicant moves between pages, and a task may have been done elsewhere meanwhile), and keeps
 * asking while `pollWhile` (a task being done in an embedded form). The layout re-renders every
 * page with the new record.
 */
export function useFreshOnboardingRecord(pollWhile: boolean): void {
  const { session } = useOutletContext<OnboardingOutletContext>();
  useOnboardingUserQuery(session, { pollWhile, staleTime: justLoadedMs });
}
