// The authentication state machine (§4). Issue 3 covers the Google session; the magic-link session
// of the onboarding area joins as another state and more events, without changing these.

/** What the portal keeps of a signed-in Firebase user: plain data, no SDK object. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
}

export type AuthState =
  /** Until Firebase reports the first auth state (§4: "loading until the first auth state is known"). */
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  /** Google credentials (§6: the tutor portal's session) with the current ID token. */
  | { readonly status: 'google'; readonly user: AuthUser; readonly idToken: string };

export type AuthEvent =
  | { readonly type: 'googleSignedIn'; readonly user: AuthUser; readonly idToken: string }
  | { readonly type: 'signedOut' }
  | { readonly type: 'idTokenRefreshed'; readonly idToken: string };

export const initialAuthState: AuthState = { status: 'loading' };

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'googleSignedIn':
      if (
        state.status === 'google' &&
        state.user.uid === event.user.uid &&
        state.user.email === event.user.email &&
        state.user.displayName === event.user.displayName &&
        state.idToken === event.idToken
      ) {
        return state;
      }
      return { status: 'google', user: event.user, idToken: event.idToken };
    case 'signedOut':
      return state.status === 'signedOut' ? state : { status: 'signedOut' };
    case 'idTokenRefreshed':
      // A refresh that lands after sign-out must not resurrect the session.
      if (state.status !== 'google' || state.idToken === event.idToken) return state;
      return { ...state, idToken: event.idToken };
  }
}
