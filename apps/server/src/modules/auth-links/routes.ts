// The public sign-in callables of the onboarding area: sendEmailSignInLink e-mails a magic link,
// getCustomAuthToken exchanges its step-up token for a Firebase custom token (a magic session).
import type { components } from '@tutoring/api/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicants } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import { consumeRateLimits, rateLimitKey } from '../../http/rate-limit.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { escapeHtml, type MailProvider } from '../../providers/mail.ts';
import { findApplicantByEmail } from '../onboarding/applicants.ts';
import { consumeStepUpToken, issueStepUpToken, type StepUpFailure, signInPath } from './step-up.ts';

type SendEmailSignInLinkData = components['schemas']['SendEmailSignInLinkData'];
type GetCustomAuthTokenData = components['schemas']['GetCustomAuthTokenData'];

const HOUR_MS = 60 * 60 * 1000;

const STEP_UP_FAILURE_MESSAGES: Record<StepUpFailure, string> = {
  unknown: 'This sign-in link is not valid. Request a new one.',
  used: 'This sign-in link has already been used. Request a new one.',
  expired: 'This sign-in link has expired. Request a new one.',
};

/**
 * Not `sent: true` when no e-mail can go out (no SMTP_URL in production, or a mail server that
 * could not be reached: providers/mail.ts): a 503, the same for every address, before the limits
 * count the request.
 */
function assertMailCanGoOut(mail: MailProvider): void {
  if ((mail.status?.() ?? 'ok') !== 'ok') {
    throw new ApiError(503, 'Sign-in links cannot be e-mailed right now. Please try again later.');
  }
}

export function registerAuthLinkRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'sendEmailSignInLink',
    access: 'public',
    handler: async (request) => {
      const { data } = request.body as { data: SendEmailSignInLinkData };
      assertMailCanGoOut(context.mail);
      const email = data.email.toLowerCase();
      const now = context.now();
      const limits = context.config.signInLinkLimits;
      // Counted before the lookup, so known and unknown addresses are limited alike; the keys
      // hold keyed digests, never the address.
      const secret = context.config.notifications.secret;
      await consumeRateLimits(db, now, [
        {
          key: rateLimitKey(secret, 'signin-email', email),
          limit: limits.perEmail,
          windowMs: HOUR_MS,
        },
        {
          key: rateLimitKey(secret, 'signin-ip', request.ip),
          limit: limits.perIp,
          windowMs: HOUR_MS,
        },
      ]);
      const applicant = await findApplicantByEmail(db, email);
      if (applicant) {
        const token = await issueStepUpToken(db, {
          applicantId: applicant.id,
          returnUrl: data.returnUrl,
          now,
        });
        const link = `${context.config.publicUrl}${signInPath({
          email,
          token,
          ...(data.returnUrl ? { returnUrl: data.returnUrl } : {}),
        })}`;
        const mail = context.mail;
        // Delivered in the background: the answer, and its timing, do not reveal the account.
        const { magicLinks } = context.metrics;
        context.background.run(
          'magic link',
          () =>
            mail
              .send({
                to: applicant.email,
                subject: 'Your sign-in link for the Tutor Onboarding Portal',
                text: `Hi ${applicant.firstName},\n\nSign in to continue your onboarding:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.\n`,
                html: `<p>Hi ${escapeHtml(applicant.firstName)},</p><p><a href="${escapeHtml(link)}">Sign in to continue your onboarding</a></p><p>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.</p>`,
              })
              .then(
                () => magicLinks.inc({ outcome: 'sent' }),
                (error: unknown) => {
                  magicLinks.inc({ outcome: 'failed' });
                  throw error;
                },
              ),
          request.log,
        );
      } else {
        request.log.info('sign-in link requested for an address with no applicant');
      }
      return { result: { sent: true } };
    },
  });

  registerOperation(scope, context, {
    operationId: 'getCustomAuthToken',
    access: 'public',
    handler: async (request) => {
      const { data } = request.body as { data: GetCustomAuthTokenData };
      const outcome = await consumeStepUpToken(db, data.stepUpToken, context.now());
      if ('failure' in outcome) {
        throw new ApiError(401, STEP_UP_FAILURE_MESSAGES[outcome.failure], {
          reason: outcome.failure,
        });
      }
      const [applicant] = await db
        .select()
        .from(applicants)
        .where(and(eq(applicants.id, outcome.applicantId), isNull(applicants.archivedAt)));
      if (!applicant)
        throw new ApiError(401, STEP_UP_FAILURE_MESSAGES.unknown, { reason: 'unknown' });
      const customToken = await context.identity.mintApplicantToken(
        `applicant-${applicant.id}`,
        applicant.email.toLowerCase(),
      );
      return { result: { customToken } };
    },
  });
}
