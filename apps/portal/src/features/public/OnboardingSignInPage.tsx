import { Button } from '@tutoring/ui/components/Button/Button';
import { Card } from '@tutoring/ui/components/Card/Card';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readReturnPath, returnPathText, sameOriginPath } from '../../auth/returnPath';
import { describeSignInFailure, type SignInFailure } from '../../auth/signInFailure';
import { useAuthState } from '../../auth/useAuthState';
import { externalLinks } from '../../config/externalLinks';
import { paths } from '../../lib/paths';
import { usePortalServices } from '../../lib/services/portalServices';
import * as styles from './OnboardingSignInPage.css';

/** The shortest step-up token the server accepts (openapi.yaml GetCustomAuthTokenData). */
const minimumStepUpTokenLength = 16;

type Busy = 'none' | 'sending' | 'signingIn';

type Outcome =
  | { readonly kind: 'linkSent'; readonly email: string }
  | { readonly kind: 'failed'; readonly failure: SignInFailure };

/**
 * The step-up token of a magic link: `stepupToken` in the server's e-mailed link, `token` in the
 * older /signin.html links, which arrive here as /auth/?token=... (§2).
 */
function stepUpTokenOf(query: URLSearchParams): string | null {
  return query.get('stepupToken') ?? query.get('token');
}

/**
 * The onboarding sign-in screen (§2 auth): an applicant asks for a magic link by e-mail, or arrives
 * with one (query stepupToken) and is signed in and sent on to returnUrl or /onboarding. An
 * applicant who is already signed in goes straight to /onboarding.
 */
export function OnboardingSignInPage() {
  const auth = useAuthState();
  const { session } = usePortalServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const origin = window.location.origin;
  // §2 returnUrl: a path of this site only, so a crafted link cannot send anyone elsewhere.
  const returnUrl = sameOriginPath(query.get('returnUrl'), origin);
  const guardOrigin = readReturnPath(location.state);
  // Where the magic link should lead: the returnUrl asked for, or the page the guard stopped.
  const linkReturnUrl = returnUrl ?? (guardOrigin ? returnPathText(guardOrigin) : undefined);
  const afterSignIn = returnUrl ?? paths.onboarding;

  const [initialToken] = useState(() => stepUpTokenOf(query));
  const [email, setEmail] = useState(() => query.get('email') ?? '');
  const [busy, setBusy] = useState<Busy>(initialToken ? 'signingIn' : 'none');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const tokenHandled = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's second effect run: a step-up token works only once.
    if (!initialToken || tokenHandled.current) return;
    tokenHandled.current = true;
    const failed = (failure: SignInFailure) => {
      setOutcome({ kind: 'failed', failure });
      setBusy('none');
      // The used token leaves the address, so a reload does not try it again; email and
      // returnUrl stay for the next link.
      setQuery(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('stepupToken');
          next.delete('token');
          return next;
        },
        { replace: true, state: location.state },
      );
    };
    if (initialToken.length < minimumStepUpTokenLength) {
      failed({
        code: 'invalid-argument',
        message: 'This sign-in link is not valid. Request a new one.',
      });
      return;
    }
    session.signInWithMagicLink(initialToken).then(
      () => navigate(afterSignIn, { replace: true }),
      (error: unknown) => failed(describeSignInFailure(error)),
    );
  }, [initialToken, afterSignIn, navigate, setQuery, location.state, session]);

  const alreadySignedIn = auth.status === 'magic' && !initialToken;
  useEffect(() => {
    // §2: an applicant who is already signed in skips the sign-in screen.
    if (alreadySignedIn) {
      void navigate(linkReturnUrl ?? paths.onboarding, { replace: true });
    }
  }, [alreadySignedIn, navigate, linkReturnUrl]);

  async function sendMagicLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'none') return;
    const address = email.trim();
    setBusy('sending');
    setOutcome(null);
    try {
      const callables = await session.callables();
      await callables.sendEmailSignInLink(
        linkReturnUrl ? { email: address, returnUrl: linkReturnUrl } : { email: address },
      );
      setOutcome({ kind: 'linkSent', email: address });
    } catch (error) {
      setOutcome({ kind: 'failed', failure: describeSignInFailure(error) });
    } finally {
      setBusy('none');
    }
  }

  const checkingSession = auth.status === 'loading' && busy === 'none' && outcome === null;

  return (
    <main className={styles.page}>
      <title>Sign in to Tutor Onboarding</title>
      <div className={styles.intro}>
        <h1 className={styles.title}>Sign in to Tutor Onboarding</h1>
        <p className={styles.lead}>
          Enter the e-mail address you applied with. We will send you a magic link that signs you
          in, no password needed.
        </p>
      </div>

      {outcome?.kind === 'linkSent' && (
        <Notice variant="success" title="Success! Magic link sent.">
          If {outcome.email} belongs to an applicant, the link is on its way. It works once and
          expires in 1 hour.
        </Notice>
      )}
      {outcome?.kind === 'failed' && (
        <Notice variant="failure" title={outcome.failure.code}>
          {outcome.failure.message}
        </Notice>
      )}
      {outcome?.kind === 'failed' && auth.status === 'magic' && (
        // A used link of an applicant who is still signed in: the area is one step away.
        <p>
          <Link href={paths.onboarding} variant="primaryButton">
            Continue to onboarding
          </Link>
        </p>
      )}

      {busy === 'signingIn' || alreadySignedIn ? (
        <Spinner label="Signing you in" size="large" showLabel />
      ) : checkingSession ? (
        <Spinner label="Checking your sign-in" size="large" showLabel />
      ) : (
        <>
          <Card title="Get a magic link">
            <Form className={styles.form} onSubmit={sendMagicLink}>
              <TextField
                className={styles.field}
                name="email"
                type="email"
                autoComplete="email"
                isRequired
                value={email}
                onChange={setEmail}
              >
                <Label className={styles.label}>Email</Label>
                <Input className={styles.input} />
                <FieldError className={styles.fieldError} />
              </TextField>
              <Button
                type="submit"
                isPending={busy === 'sending'}
                pendingLabel="Sending Magic Link"
              >
                Send Magic Link
              </Button>
            </Form>
          </Card>
          <Card
            title="New to tutoring with us?"
            footer={
              <Link
                href={externalLinks.volunteerTutorApplication}
                external
                variant="secondaryButton"
              >
                Start Application
              </Link>
            }
          >
            <p className={styles.note}>
              Apply to become a volunteer tutor first. Once your application is in, you can sign in
              here with the e-mail address you used.
            </p>
          </Card>
        </>
      )}
    </main>
  );
}
