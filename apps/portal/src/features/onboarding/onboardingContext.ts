import { useLocation, useOutletContext } from 'react-router';
import type { ApplicantSession } from '../../auth/useApplicantSession';
import type { OnboardingUser } from './onboardingUser';
import { useOnboardingUserQuery } from './onboardingUserQuery';

/** What the onboarding layout hands its pages once the applicant's record has loaded. */
export interface OnboardingOutletContext {
  readonly user: OnboardingUser;
  /** The magic session the record was loaded for. */
  readonly session: ApplicantSession;
  /** The location the applicant entered the area at: the layout's first load was for its page. */
  readonly entryLocationKey: string;
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
  const { session, entryLocationKey } = useOutletContext<OnboardingOutletContext>();
  // Not by the record's age: an answer that arrived a moment ago may have been asked for before a
  // task was done in another tab. Only the entry page skips the request the layout has just made.
  const isEntryPage = useLocation().key === entryLocationKey;
  useOnboardingUserQuery(session, {
    pollWhile,
    staleTime: isEntryPage ? Number.POSITIVE_INFINITY : 0,
  });
}
