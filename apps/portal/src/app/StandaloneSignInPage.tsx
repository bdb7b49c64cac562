// /auth when a visit starts there without a link's token and without a stored session (§2 auth):
// the sign-in screen on its own, prerendered and hydrated without the router, the app or Firebase
// (src/app/prerenderedPages.tsx decides). The magic-link request is a plain POST; navigation is a
// page load. A token or a session takes the app instead (src/main.tsx), as does any way on.
import { useCallback, useMemo } from 'react';
import { requestMagicLink } from '../auth/magicLinkRequest';
import { type ReturnPath, readReturnPath } from '../auth/returnPath';
import { OnboardingSignInScreen } from '../features/public/OnboardingSignInScreen';
import type { AuthState } from '../lib/services/sessionState';

/** Where the standalone screen is: read in the browser, absent when the build renders it. */
export interface SignInAddress {
  readonly search: string;
  readonly origin: string;
  /** A guard's origin kept in the history entry (React Router's state, under `usr`). */
  readonly guardOrigin?: ReturnPath;
}

export function currentSignInAddress(): SignInAddress {
  const historyState: unknown = window.history.state;
  const routerState =
    typeof historyState === 'object' && historyState !== null && 'usr' in historyState
      ? historyState.usr
      : undefined;
  return {
    search: window.location.search,
    origin: window.location.origin,
    guardOrigin: readReturnPath(routerState),
  };
}

/** Nobody is signed in here: a stored session or a token would have taken the app. */
const signedOut: AuthState = { status: 'signedOut' };

/** Build-time address: no query, and an origin that no returnUrl is read against. */
const prerenderAddress: SignInAddress = { search: '', origin: 'http://localhost' };

export function StandaloneSignInPage({ address }: { address?: SignInAddress }) {
  const { search, origin, guardOrigin } = address ?? prerenderAddress;
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const navigate = useCallback((path: string) => window.location.replace(path), []);
  const replaceQuery = useCallback((next: URLSearchParams) => {
    const query = next.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
  }, []);
  // A token never reaches this page (it takes the app); should one, the app's sign-in runs.
  const signInWithMagicLink = useCallback(async (stepUpToken: string) => {
    const { signInWithMagicLink: signIn } = await import('../auth/authStore');
    await signIn(stepUpToken);
  }, []);
  return (
    <OnboardingSignInScreen
      auth={signedOut}
      query={query}
      guardOrigin={guardOrigin}
      origin={origin}
      navigate={navigate}
      replaceQuery={replaceQuery}
      requestMagicLink={requestMagicLink}
      signInWithMagicLink={signInWithMagicLink}
    />
  );
}
