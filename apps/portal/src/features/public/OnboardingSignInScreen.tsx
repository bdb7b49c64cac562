import { Button } from '@tutoring/ui/components/Button/Button';
import { Card } from '@tutoring/ui/components/Card/Card';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { type ReturnPath, returnPathText, sameOriginPath } from '../../auth/returnPath';
import { describeSignInFailure, type SignInFailure } from '../../auth/signInFailure';
import { stepUpTokenOf, withoutStepUpToken } from '../../auth/stepUpToken';
import { externalLinks } from '../../config/externalLinks';
import { paths } from '../../lib/paths';
import type { AuthState, MagicLinkRequest } from '../../lib/services/sessionState';
import * as styles from './OnboardingSignInPage.css';

/** The shortest step-up token the server accepts (openapi.yaml GetCustomAuthTokenData). */
const minimumStepUpTokenLength = 16;

type Busy = 'none' | 'sending' | 'signingIn';

type Outcome =
  | { readonly kind: 'linkSent'; readonly email: string }
  | { readonly kind: 'failed'; readonly failure: SignInFailure };

/** What the sign-in screen reads and does; the router's page or the standalone /auth gives it. */
export interface OnboardingSignInScreenProps {
  /** The session's state (§4). */
  readonly auth: AuthState;
  /** The address's query: email, stepupToken (or token), returnUrl (§2). */
  readonly query: URLSearchParams;
  /** The page a guard stopped the visitor on, which the magic link should lead back to. */
  readonly guardOrigin?: ReturnPath;
  /** This site's origin: a returnUrl elsewhere is ignored. */
  readonly origin: string;
  /** Goes on to a path of the portal, replacing /auth in the history. */
  readonly navigate: (path: string) => void;
  /** Replaces the address's query (the history entry, and its state, stay). */
  readonly replaceQuery: (query: URLSearchParams) => void;
  /** Asks the server to e-mail a magic link (sendEmailSignInLink); rejects with its error. */
  readonly requestMagicLink: (data: MagicLinkRequest) => Promise<void>;
  /** §4's magic sign-in with a link's step-up token; rejects with the callable's error. */
  readonly signInWithMagicLink: (stepUpToken: string) => Promise<void>;
}

/**
 * Signs in with a magic link's step-up token, once per visit (also under StrictMode's second
 * effect run: a step-up token works only once). A used token leaves the address, so a reload does
 * not try it again; email and returnUrl stay for the next link.
 */
function useStepUpTokenSignIn({
  initialToken,
  query,
  replaceQuery,
  signInWithMagicLink,
  onSignedIn,
  onFailed,
}: {
  initialToken: string | null;
  query: URLSearchParams;
  replaceQuery: (query: URLSearchParams) => void;
  signInWithMagicLink: (stepUpToken: string) => Promise<void>;
  onSignedIn: () => void;
  onFailed: (failure: SignInFailure) => void;
}) {
  const tokenHandled = useRef(false);
  // The latest callbacks, without making them the effect's dependencies: it runs once.
  const callbacks = useRef({ onSignedIn, onFailed });
  callbacks.current = { onSignedIn, onFailed };
  useEffect(() => {
    if (!initialToken || tokenHandled.current) return;
    tokenHandled.current = true;
    const failed = (failure: SignInFailure) => {
      callbacks.current.onFailed(failure);
      replaceQuery(withoutStepUpToken(query));
    };
    if (initialToken.length < minimumStepUpTokenLength) {
      failed({
        code: 'invalid-argument',
        message: 'This sign-in link is not valid. Request a new one.',
      });
      return;
    }
    signInWithMagicLink(initialToken).then(
      () => callbacks.current.onSignedIn(),
      (error: unknown) => failed(describeSignInFailure(error)),
    );
  }, [initialToken, replaceQuery, query, signInWithMagicLink]);
}

/**
 * The onboarding sign-in screen (§2 auth): an applicant asks for a magic link by e-mail, or arrives
 * with one (query stepupToken) and is signed in and sent on to returnUrl or /onboarding. An
 * applicant who is already signed in goes straight to /onboarding. It knows neither the router nor
 * Firebase: inside the app OnboardingSignInPage gives it both, and a visit that starts on /auth
 * without a token or a session renders it with neither (src/app/StandaloneSignInPage.tsx).
 */
export function OnboardingSignInScreen({
  auth,
  query,
  guardOrigin,
  origin,
  navigate,
  replaceQuery,
  requestMagicLink,
  signInWithMagicLink,
}: OnboardingSignInScreenProps) {
  // §2 returnUrl: a path of this site only, so a crafted link cannot send anyone elsewhere.
  const returnUrl = sameOriginPath(query.get('returnUrl'), origin);
  // Where the magic link should lead: the returnUrl asked for, or the page the guard stopped.
  const linkReturnUrl = returnUrl ?? (guardOrigin ? returnPathText(guardOrigin) : undefined);
  const afterSignIn = returnUrl ?? paths.onboarding;

  const [initialToken] = useState(() => stepUpTokenOf(query));
  const [email, setEmail] = useState(() => query.get('email') ?? '');
  const [busy, setBusy] = useState<Busy>(initialToken ? 'signingIn' : 'none');
  // The scheduling service's hand-off, when the server could not trust it, e-mails the link
  // instead of signing in (issue 36) and sends the applicant here with linkSent=1.
  const [outcome, setOutcome] = useState<Outcome | null>(() => {
    const handedOffTo = query.get('email')?.trim();
    return query.get('linkSent') === '1' && handedOffTo && !initialToken
      ? { kind: 'linkSent', email: handedOffTo }
      : null;
  });
  useStepUpTokenSignIn({
    initialToken,
    query,
    replaceQuery,
    signInWithMagicLink,
    onSignedIn: () => navigate(afterSignIn),
    onFailed: (failure) => {
      setOutcome({ kind: 'failed', failure });
      setBusy('none');
    },
  });

  const alreadySignedIn = auth.status === 'magic' && !initialToken;
  useEffect(() => {
    // §2: an applicant who is already signed in skips the sign-in screen.
    if (alreadySignedIn) {
      navigate(linkReturnUrl ?? paths.onboarding);
    }
  }, [alreadySignedIn, navigate, linkReturnUrl]);

  async function sendMagicLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== 'none') return;
    const address = email.trim();
    setBusy('sending');
    setOutcome(null);
    try {
      await requestMagicLink(
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
        <Notice
          variant="failure"
          title={outcome.failure.code}
          reference={outcome.failure.reference}
        >
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
        <MagicLinkRequestCards
          email={email}
          onEmailChange={setEmail}
          onSubmit={sendMagicLink}
          isSending={busy === 'sending'}
        />
      )}
    </main>
  );
}

/** The form that asks for a magic link, and the way to apply for those who have not yet. */
function MagicLinkRequestCards({
  email,
  onEmailChange,
  onSubmit,
  isSending,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSending: boolean;
}) {
  return (
    <>
      <Card title="Get a magic link">
        <Form className={styles.form} onSubmit={onSubmit}>
          <TextField
            className={styles.field}
            name="email"
            type="email"
            autoComplete="email"
            isRequired
            value={email}
            onChange={onEmailChange}
          >
            <Label className={styles.label}>Email</Label>
            <Input className={styles.input} />
            <FieldError className={styles.fieldError} />
          </TextField>
          <Button type="submit" isPending={isSending} pendingLabel="Sending Magic Link">
            Send Magic Link
          </Button>
        </Form>
      </Card>
      <Card
        title="New to tutoring with us?"
        footer={
          <Link href={externalLinks.volunteerTutorApplication} external variant="secondaryButton">
            Start Application
          </Link>
        }
      >
        <p className={styles.note}>
          Apply to become a volunteer tutor first. Once your application is in, you can sign in here
          with the e-mail address you used.
        </p>
      </Card>
    </>
  );
}
