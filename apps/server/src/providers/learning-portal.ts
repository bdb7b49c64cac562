// The external learning portal's sign-in: a URL carrying a short-lived, HMAC-signed launch token
// that names the student and the tutor, so the learning portal can trust who is launching.
import { createHmac } from 'node:crypto';

const LAUNCH_TTL_SECONDS = 300;

/**
 * What the launch signature covers: each parameter as `name=value`, both URL-encoded
 * (encodeURIComponent), sorted by name and joined with '&'. Encoded, a value can never contain
 * the '=' or '&' that separate them, so two different launches never read the same (codes may
 * contain dots, which a dot-joined form could not tell apart).
 */
export function launchSigningString(parameters: Record<string, string>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(parameters[name] ?? '')}`)
    .join('&');
}

export function learningPortalLaunchUrl(options: {
  baseUrl: string;
  secret: string;
  studentCode: string;
  tutorCode: string;
  now: Date;
}): string {
  const expires = Math.floor(options.now.getTime() / 1000) + LAUNCH_TTL_SECONDS;
  const signed = {
    student: options.studentCode,
    tutor: options.tutorCode,
    expires: String(expires),
  };
  const signature = createHmac('sha256', options.secret)
    .update(launchSigningString(signed))
    .digest('base64url');
  const url = new URL(options.baseUrl);
  for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value);
  url.searchParams.set('signature', signature);
  return url.toString();
}
