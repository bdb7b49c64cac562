// The external learning portal's sign-in: a URL carrying a short-lived, HMAC-signed launch token
// that names the student and the tutor, so the learning portal can trust who is launching.
import { createHmac } from 'node:crypto';

const LAUNCH_TTL_SECONDS = 300;

export function learningPortalLaunchUrl(options: {
  baseUrl: string;
  secret: string;
  studentCode: string;
  tutorCode: string;
  now: Date;
}): string {
  const expires = Math.floor(options.now.getTime() / 1000) + LAUNCH_TTL_SECONDS;
  const payload = `${options.studentCode}.${options.tutorCode}.${expires}`;
  const signature = createHmac('sha256', options.secret).update(payload).digest('base64url');
  const url = new URL(options.baseUrl);
  url.searchParams.set('student', options.studentCode);
  url.searchParams.set('tutor', options.tutorCode);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signature);
  return url.toString();
}
