// Reads the claims of a Firebase ID token in the browser. Nothing here is a check of the token: the
// server verifies every token it is sent. The portal only needs to know which applicant a magic
// session is for, when the token was issued (token sync, §9) and whether a stored one has expired.

/** The developer claim the server puts in a magic session's custom token (apps/server identity). */
export const applicantEmailClaim = 'applicant_email';

export interface IdTokenClaims {
  /** The Firebase user id. */
  readonly subject: string | undefined;
  /** Issued at, in seconds since the epoch. */
  readonly issuedAt: number | undefined;
  /** Expires at, in seconds since the epoch. */
  readonly expiresAt: number | undefined;
  /** The applicant's e-mail of a magic session, from the `applicant_email` claim. */
  readonly applicantEmail: string | undefined;
  /** The user's e-mail and name as Firebase put them in the token (`email`, `name`). */
  readonly email: string | undefined;
  readonly name: string | undefined;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const numberOrUndefined = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const textOrUndefined = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The claims of a JWT's payload, or null when the token is not a decodable JWT. */
export function readIdTokenClaims(idToken: string): IdTokenClaims | null {
  const parts = idToken.split('.');
  const payloadPart = parts[1];
  if (parts.length !== 3 || !payloadPart) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(payloadPart));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const claims = payload as Record<string, unknown>;
  return {
    subject: textOrUndefined(claims.sub),
    issuedAt: numberOrUndefined(claims.iat),
    expiresAt: numberOrUndefined(claims.exp),
    applicantEmail: textOrUndefined(claims[applicantEmailClaim]),
    email: textOrUndefined(claims.email),
    name: textOrUndefined(claims.name),
  };
}

/** Whether the token's `exp` has passed (an unreadable token counts as expired). */
export function isIdTokenExpired(idToken: string, nowMs: number): boolean {
  const expiresAt = readIdTokenClaims(idToken)?.expiresAt;
  return expiresAt === undefined || expiresAt * 1000 <= nowMs;
}
