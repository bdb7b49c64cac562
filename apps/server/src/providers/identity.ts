// Firebase Auth through firebase-admin: verifies the ID tokens the portal sends as bearer tokens.
// With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the Auth emulator and accepts its
// unsigned tokens (never in production: see config.ts); otherwise it checks Google's signatures.
// Every verification also asks Firebase whether the account is disabled or its tokens revoked
// (checkRevoked), which in production needs Google credentials with read access to the project's
// users (apps/server/README.md); the verified-token cache makes that one call per token per 5 min.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ConfigError } from '../config.ts';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** firebase.sign_in_provider: 'google.com' for Google sign-in, 'custom' for a custom token. */
  signInProvider: string;
  /** The `applicant_email` developer claim of a magic session (see mintApplicantToken). */
  applicantEmail: string | null;
  /** The token's `exp`: when it stops being valid, in seconds since the epoch. */
  expiresAt: number;
}

/** Developer claim naming the applicant in a magic session's custom token. */
export const APPLICANT_EMAIL_CLAIM = 'applicant_email';

export interface IdentityProvider {
  /** Resolves the token's identity, or rejects when the token is invalid, expired or revoked. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /**
   * A Firebase custom token for an applicant. The e-mail travels as a developer claim, which
   * Firebase copies into every ID token of that sign-in: the server identifies applicants by it
   * without creating or updating Firebase users (no clash with another account of that e-mail).
   */
  mintApplicantToken(uid: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export function createFirebaseIdentity(options: {
  projectId: string;
  authEmulatorHost: string | undefined;
}): IdentityProvider {
  // firebase-admin reads the emulator host from the environment itself, on every call: the
  // configuration must agree with it, or the server would verify tokens differently than it says.
  if ((process.env.FIREBASE_AUTH_EMULATOR_HOST || undefined) !== options.authEmulatorHost) {
    throw new ConfigError(
      'The configured Auth emulator host differs from FIREBASE_AUTH_EMULATOR_HOST in the ' +
        'environment, which firebase-admin uses; build the configuration from the environment.',
    );
  }
  // A named app per server instance, so several instances (tests) never share or clash.
  const app = initializeApp({ projectId: options.projectId }, `tutoring-server-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verifyIdToken(idToken) {
      // checkRevoked: a disabled account, or one whose tokens were revoked, is refused as soon as
      // the cache verifies its token again, not when the token expires (up to an hour later).
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        signInProvider: decoded.firebase.sign_in_provider,
        applicantEmail:
          typeof decoded[APPLICANT_EMAIL_CLAIM] === 'string'
            ? (decoded[APPLICANT_EMAIL_CLAIM] as string)
            : null,
        expiresAt: decoded.exp,
      };
    },
    mintApplicantToken: (uid, email) =>
      auth.createCustomToken(uid, { [APPLICANT_EMAIL_CLAIM]: email }),
    close: () => deleteApp(app),
  };
}
