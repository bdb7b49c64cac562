import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicantSession } from '../../auth/useApplicantSession';
import { onboardingEmbeds } from '../../config/onboardingLinks';
import { ApiError } from '../../lib/apiError';
import { type PortalServices, usePortalServices } from '../../lib/services/portalServices';
import { isPermanentFailure } from './onboardingErrors';
import { type OnboardingTutor, toOnboardingUser } from './onboardingUser';

const maxRetries = 2;

/**
 * How often a task page asks again while its task is open: the task is done in an embedded
 * external form (or on a page of another provider), which cannot tell the portal, so the server
 * (told by the provider's webhook) is asked until it reports the task done.
 */
export const taskStatusPollMs = 5000;

/**
 * §7 POST /onboarding-tutor with the applicant's e-mail (the magic token's claim). It goes through
 * the API client, whose bearer also serves a magic session restored from the stored token (§4),
 * which Firebase, and so a callable, knows nothing of. A token without the claim falls back to the
 * getOnboardingTutor callable, where the server finds the applicant from the token alone.
 */
async function fetchOnboardingTutor(
  { api, session }: PortalServices,
  email: string | null,
): Promise<OnboardingTutor> {
  if (email === null) {
    const callables = await session.callables();
    return callables.getOnboardingTutor();
  }
  const { data, error, response } = await api.POST('/onboarding-tutor', { body: { email } });
  if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
  return data;
}

/**
 * The signed-in applicant's onboarding record as the client view of §3. The key carries the
 * session's user id, so another applicant signing in on this browser never sees the previous
 * one's record (§6: the call is made only for a magic session; the guard ensures one).
 */
export function onboardingUserQueryOptions(services: PortalServices, session: ApplicantSession) {
  return queryOptions({
    queryKey: ['onboardingUser', session.uid],
    queryFn: async () =>
      toOnboardingUser(await fetchOnboardingTutor(services, session.email), {
        availabilityFallbackFormUrl: onboardingEmbeds.availabilityFallbackForm,
      }),
    retry: (failureCount, error) => !isPermanentFailure(error) && failureCount < maxRetries,
    // Tasks are completed in other tabs (external forms, the provider's pages): coming back to
    // the portal shows where they stand.
    refetchOnWindowFocus: true,
  });
}

export interface OnboardingUserQueryBehaviour {
  /** Keep asking every taskStatusPollMs, while a task is still open on screen. */
  readonly pollWhile?: boolean;
  /** How old the record may be before this observer asks again on mount (default 0). */
  readonly staleTime?: number;
}

/** The record, through one observer with its own polling and freshness. */
export function useOnboardingUserQuery(
  session: ApplicantSession,
  { pollWhile = false, staleTime = 0 }: OnboardingUserQueryBehaviour = {},
) {
  const services = usePortalServices();
  return useQuery({
    ...onboardingUserQueryOptions(services, session),
    refetchInterval: pollWhile ? taskStatusPollMs : false,
    staleTime,
  });
}
