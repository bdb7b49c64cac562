// Who is calling: turns the bearer token into a session and enforces the kind of session a route
// needs. A Google session is a tutor of the organisation; a magic session is an onboarding
// applicant signed in with a custom token minted from a magic link.
import type { FastifyRequest } from 'fastify';
import type { IdentityProvider } from '../providers/identity.ts';
import { permissionDenied, unauthenticated } from './errors.ts';

export type Session =
  | { kind: 'google'; uid: string; email: string }
  | { kind: 'magic'; uid: string; email: string | null }
  | {
      kind: 'integration';
      keyName: string;
      scope: 'read' | 'write';
      /** Every scope the key holds (modules/integration/keys.ts), for per-kind checks. */
      scopes?: readonly string[];
    };

/** The session kind a route accepts. */
export type Access = 'tutor' | 'applicant' | 'public' | 'integration-read' | 'integration-write';

const INTEGRATION_BEARER = /^Bearer +(\S+)\s*$/i;

/**
 * The session of an integration route: the caller of a valid, unrevoked key, with the scope the
 * route needs. ID tokens of tutors and applicants are not keys, so they never pass.
 */
export async function resolveIntegrationSession(
  verify: (
    key: string,
  ) => Promise<
    { keyName: string; scope: 'read' | 'write'; scopes?: readonly string[] } | undefined
  >,
  authorization: string | undefined,
  access: 'integration-read' | 'integration-write',
): Promise<Session> {
  const key = authorization?.match(INTEGRATION_BEARER)?.[1];
  if (!key) {
    throw unauthenticated('An integration key is required: Authorization: Bearer <key>.');
  }
  const caller = await verify(key);
  if (!caller) throw unauthenticated('The integration key is unknown or has been revoked.');
  if (access === 'integration-write' && caller.scope !== 'write') {
    throw permissionDenied(`The key ${caller.keyName} may only read; this call needs a write key.`);
  }
  return { kind: 'integration', ...caller };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

// A JWT is three base64url parts; the emulator's unsigned tokens have an empty third part.
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/i;

export function readBearerToken(authorization: string | undefined): string | null {
  return authorization?.match(BEARER)?.[1] ?? null;
}

export function orgAccountMessage(orgDomain: string): string {
  return `Sign in with your ${orgDomain} account.`;
}

export async function resolveSession(
  identity: IdentityProvider,
  orgDomain: string,
  authorization: string | undefined,
): Promise<Session> {
  const token = readBearerToken(authorization);
  if (!token)
    throw unauthenticated('A bearer token is required: Authorization: Bearer <ID token>.');

  let verified: Awaited<ReturnType<IdentityProvider['verifyIdToken']>>;
  try {
    verified = await identity.verifyIdToken(token);
  } catch {
    throw unauthenticated('The ID token is invalid or has expired. Sign in again.');
  }

  if (verified.signInProvider === 'google.com') {
    // The emulator drops Google's `hd` claim, so the domain is enforced here, from the verified
    // e-mail, and only when Google vouches for that e-mail.
    if (!verified.email || !verified.emailVerified) {
      throw permissionDenied(
        `Your Google account's e-mail address is not verified. ${orgAccountMessage(orgDomain)}`,
      );
    }
    const email = verified.email.toLowerCase();
    if (!email.endsWith(`@${orgDomain}`)) throw permissionDenied(orgAccountMessage(orgDomain));
    return { kind: 'google', uid: verified.uid, email };
  }
  if (verified.signInProvider === 'custom') {
    const email = verified.applicantEmail ?? verified.email;
    return { kind: 'magic', uid: verified.uid, email: email?.toLowerCase() ?? null };
  }
  throw permissionDenied(
    `This sign-in method is not accepted. Tutors: ${orgAccountMessage(orgDomain)} ` +
      'Applicants: use the magic link sent to your e-mail.',
  );
}

export function assertAccess(session: Session | null, access: Access, orgDomain: string): void {
  if (access === 'public') return;
  if (!session) throw unauthenticated();
  if (access === 'tutor' && session.kind !== 'google') {
    throw permissionDenied(
      `The Tutor Portal needs a tutor sign-in. ${orgAccountMessage(orgDomain)}`,
    );
  }
  if (access === 'applicant' && session.kind !== 'magic') {
    throw permissionDenied('Onboarding is for applicants signed in with a magic link.');
  }
}

/** The session of a route that required one; a route bug if called on a public route. */
export function requireSession<K extends Session['kind']>(
  request: FastifyRequest,
  kind: K,
): Extract<Session, { kind: K }> {
  const session = request.session;
  if (!session || session.kind !== kind) throw unauthenticated();
  return session as Extract<Session, { kind: K }>;
}
