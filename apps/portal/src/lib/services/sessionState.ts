// The session's state as every layer reads it (§4). The auth state machine (src/auth) produces it;
// the services, the features and the test support only read it, so the type sits here, under all
// of them.
import type { CallableData } from '@tutoring/api/callable-protocol';

/** What the portal keeps of a signed-in Firebase user: plain data, no SDK object. */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
}

export type AuthState =
  /**
   * Until the first auth state is known (§4): Firebase's first report, or a session stored on the
   * device that is still valid (src/auth/authState.ts initialAuthStateOf).
   */
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  /** Google credentials (§6: the tutor portal's session) with the current ID token. */
  | {
      readonly status: 'google';
      readonly user: AuthUser;
      readonly idToken: string;
      /**
       * True while the session is the one this device stored at its last report (§3 'idToken')
       * and Firebase has not yet reported its user: a return visit to the tutoring area shows it
       * at once instead of waiting for the sign-in library (issue 39). Firebase confirms or ends it.
       */
      readonly stored?: true;
    }
  /** Magic credentials (§6: an onboarding applicant signed in with a magic link). */
  | {
      readonly status: 'magic';
      readonly user: AuthUser;
      readonly idToken: string;
      /** The applicant's e-mail from the token's `applicant_email` claim, when it carries one. */
      readonly applicantEmail: string | null;
      /**
       * True for a session restored from the stored magic items while Firebase has no user (§4:
       * "a stub user with no e-mail"): its bearer is the stored token, which cannot be refreshed.
       */
      readonly restored: boolean;
    };

/** §2 auth 'Send Magic Link': what the sendEmailSignInLink callable takes. */
export type MagicLinkRequest = CallableData<'sendEmailSignInLink'>;
