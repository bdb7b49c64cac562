// The scheduling service's hand-off (§2 new-onboarding-user, createNewOnboardingUser): its answer
// signs the applicant in at once, so it is only given as the spec says to a hand-off the service
// signed (modules/webhooks/signature.ts: HMAC-SHA256 over the parameters and `expires`, under
// HANDOFF_SECRET). Any other hand-off in production creates the applicant if new and e-mails
// them a magic link, answering alike whether or not the address was known.
import type { components } from '@tutoring/api/schema';
import type { FastifyBaseLogger } from 'fastify';
import { consumeRateLimits, rateLimitKey } from '../../http/rate-limit.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { escapeHtml } from '../../providers/mail.ts';
import { issueStepUpToken, signInPath } from '../auth-links/step-up.ts';
import { verifyParameterSignature } from '../webhooks/signature.ts';
import { type ApplicantRow, emailIsTaken, findApplicantByEmail } from './applicants.ts';

type CreateNewOnboardingUserData = components['schemas']['CreateNewOnboardingUserData'];

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether this hand-off gets the spec's answer (an instant sign-in link, or 'dup-email'): signed
 * with HANDOFF_SECRET and not expired, or unsigned where unsigned hand-offs are allowed
 * (development and test, or HANDOFF_ALLOW_UNSIGNED=true).
 */
export function handoffIsTrusted(
  context: RouteContext,
  data: CreateNewOnboardingUserData,
  log: FastifyBaseLogger,
): boolean {
  const { secret, allowUnsigned } = context.config.handoff;
  const { signature, ...parameters } = data;
  const outcome = secret
    ? verifyParameterSignature(secret, parameters, signature, context.now())
    : 'missing';
  if (outcome === 'ok') return true;
  if (outcome === 'missing' && allowUnsigned) return true;
  log.warn({ handoff: outcome }, 'an untrusted hand-off: the applicant is e-mailed a sign-in link');
  return false;
}

/** The start-up's one warning when production accepts unsigned hand-offs. */
export function warnOfUnsignedHandoffs(context: RouteContext, log: FastifyBaseLogger): void {
  if (context.config.nodeEnv === 'production' && context.config.handoff.allowUnsigned) {
    log.warn(
      'Security risk: HANDOFF_ALLOW_UNSIGNED=true, so anyone can open /new-onboarding-user for any e-mail address, be signed in at once as a new applicant, and learn which addresses are taken (dup-email). Have the scheduling service sign its hand-offs (HANDOFF_SECRET) and unset it.',
    );
  }
}

/**
 * An untrusted hand-off: the applicant is created if the address is new, and an applicant (new or
 * not) is e-mailed a magic link; the answer is the sign-in screen with the address filled in and
 * the spec's 'Success! Magic link sent.', whatever the address, and no one is signed in by it.
 */
export async function handOffByEmail(
  context: RouteContext,
  log: FastifyBaseLogger,
  email: string,
  newApplicant: () => Promise<ApplicantRow | undefined>,
): Promise<{ result: { instantSignInLink: string } }> {
  const { db } = context;
  const now = context.now();
  // Like sendEmailSignInLink's per-address limit: no one floods an inbox through this form.
  await consumeRateLimits(db, now, [
    {
      key: rateLimitKey(context.config.notifications.secret, 'handoff-email', email),
      limit: context.config.signInLinkLimits.perEmail,
      windowMs: HOUR_MS,
    },
  ]);
  const existing = await findApplicantByEmail(db, email);
  const recipient =
    existing ?? ((await emailIsTaken(db, email)) ? undefined : await newApplicant());
  if (recipient) {
    await emailMagicLink(context, recipient, log);
  } else {
    log.info('an untrusted hand-off for an address that is not an applicant’s');
  }
  // linkSent: the sign-in screen says a link is on its way, as after asking for one there.
  const query = new URLSearchParams({ email, linkSent: '1' });
  return { result: { instantSignInLink: `/auth?${query.toString()}` } };
}

async function emailMagicLink(
  context: RouteContext,
  applicant: ApplicantRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const returnUrl = '/onboarding';
  const email = applicant.email.toLowerCase();
  const token = await issueStepUpToken(context.db, {
    applicantId: applicant.id,
    returnUrl,
    now: context.now(),
  });
  const link = `${context.config.publicUrl}${signInPath({ email, token, returnUrl })}`;
  const mail = context.mail;
  // In the background, as sendEmailSignInLink does: the answer's timing does not tell either.
  context.background.run(
    'hand-off magic link',
    () =>
      mail.send({
        to: applicant.email,
        subject: 'Your sign-in link for the Tutor Onboarding Portal',
        text: `Hi ${applicant.firstName},\n\nSign in to continue your onboarding:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.\n`,
        html: `<p>Hi ${escapeHtml(applicant.firstName)},</p><p><a href="${escapeHtml(link)}">Sign in to continue your onboarding</a></p><p>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.</p>`,
      }),
    log,
  );
}
