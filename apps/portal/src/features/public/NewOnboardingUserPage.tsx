import { type OnboardingSignupFailure, onboardingSignupFailure } from '@tutoring/api/callables';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { onboardingSupportLinks } from '../../config/onboardingLinks';
import { referenceOf } from '../../lib/apiError';
import { paths } from '../../lib/paths';
import { useCallables } from '../../lib/services/portalServices';
import * as styles from './NewOnboardingUserPage.css';

/** §8 "Scheduling setup errors by type". */
const signupFailureText: Record<OnboardingSignupFailure, string> = {
  'dup-email': 'A tutor with this email already exists.',
  'invalid-submission':
    'The information submitted was improperly formatted. Please go back and try again.',
  other: 'Something went wrong. Please try again.',
};

interface NewApplicant {
  readonly email: string;
  readonly First_Name: string;
  readonly Last_Name: string;
  readonly phonenum: string;
  readonly expires?: string;
  readonly signature?: string;
}

/**
 * The four query values (§2), or null when one is missing or blank: nothing to send then. The
 * scheduling service's signature of them (expires, signature) goes along unchanged when present:
 * the server gives its instant sign-in only to a signed hand-off.
 */
function newApplicantOf(query: URLSearchParams): NewApplicant | null {
  const value = (name: string) => query.get(name)?.trim() ?? '';
  const applicant = {
    email: value('email'),
    First_Name: value('First_Name'),
    Last_Name: value('Last_Name'),
    phonenum: value('phonenum'),
  };
  if (!Object.values(applicant).every((entry) => entry !== '')) return null;
  const expires = query.get('expires');
  const signature = query.get('signature');
  return {
    ...applicant,
    ...(expires === null ? {} : { expires }),
    ...(signature === null ? {} : { signature }),
  };
}

/**
 * The path (with query) of the returned sign-in link, to follow inside the portal: only the path is
 * taken (§2 "redirects to the returned sign-in link path"), so whatever host the link names, the
 * visitor stays on this site. Null for a link that is not an http(s) URL or path.
 */
function signInLinkPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

type Phase =
  | { readonly kind: 'creating' }
  | {
      readonly kind: 'failed';
      readonly failure: OnboardingSignupFailure;
      /** The server's id of the failed request, for support. */
      readonly reference?: string | undefined;
    };

/**
 * The appointment-scheduling setup screen (§2 new-onboarding-user): creates the onboarding applicant
 * from the query values, then follows the returned instant sign-in link (the sign-in screen signs
 * them in and opens /onboarding). A failure is explained by its §8 type, with a way to sign in.
 */
export function NewOnboardingUserPage() {
  const navigate = useNavigate();
  const getCallables = useCallables();
  const [query] = useSearchParams();
  const [applicant] = useState(() => newApplicantOf(query));
  const [phase, setPhase] = useState<Phase>(() =>
    applicant ? { kind: 'creating' } : { kind: 'failed', failure: 'invalid-submission' },
  );
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's second effect run: a second call would be refused
    // as a duplicate of the applicant the first one created.
    if (!applicant || started.current) return;
    started.current = true;
    (async () => {
      let outcome: unknown;
      try {
        const callables = await getCallables();
        outcome = await callables.createNewOnboardingUser(applicant);
      } catch (error) {
        outcome = error;
      }
      const failure = onboardingSignupFailure(outcome);
      const linkPath =
        failure === null && typeof outcome === 'object' && outcome && 'instantSignInLink' in outcome
          ? signInLinkPath(String(outcome.instantSignInLink))
          : null;
      if (linkPath) {
        await navigate(linkPath, { replace: true });
        return;
      }
      setPhase({ kind: 'failed', failure: failure ?? 'other', reference: referenceOf(outcome) });
    })();
  }, [applicant, navigate, getCallables]);

  // The sign-in screen, with the e-mail filled in when the query had one.
  const email = query.get('email')?.trim();
  const signInHref = email ? `${paths.auth}?${new URLSearchParams({ email })}` : paths.auth;

  if (phase.kind === 'creating') {
    return (
      <PageColumn as="main" gap={{ all: 'xl', belowSmall: 'lg' }}>
        <title>Setting up your account</title>
        <h1 className={styles.title}>Setting up your account</h1>
        <Spinner label="Creating your onboarding account" size="large" showLabel />
      </PageColumn>
    );
  }

  return (
    <PageColumn as="main" gap={{ all: 'xl', belowSmall: 'lg' }}>
      <title>We could not set up your account</title>
      <h1 className={styles.title}>We could not set up your account</h1>
      <Notice variant="failure" reference={phase.reference}>
        {signupFailureText[phase.failure]}
      </Notice>
      {phase.failure === 'other' && (
        <Stack as="section" gap="md" aria-labelledby="signup-advice-heading">
          <h2 id="signup-advice-heading" className={styles.adviceTitle}>
            What you can do
          </h2>
          <Stack as="ul" gap="sm" className={styles.adviceList}>
            <li>
              If you already have an account, request a new sign-in link: use the Sign In button
              below and enter your e-mail address.
            </li>
            <li>
              Active tutors do not need to set up an account here: sign in to the{' '}
              <Link href={paths.tutoring}>Tutor Portal</Link> instead.
            </li>
            <li>
              Still stuck?{' '}
              <Link href={onboardingSupportLinks.contactOnboardingSupport} external>
                Contact onboarding support
              </Link>
              .
            </li>
          </Stack>
        </Stack>
      )}
      <Inline gap="md">
        <Link href={signInHref} variant="primaryButton">
          Sign In
        </Link>
      </Inline>
    </PageColumn>
  );
}
