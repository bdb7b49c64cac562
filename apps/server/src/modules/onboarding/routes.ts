import type { components } from '@tutoring/api/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { applicants, eventRegistrations, trainingEvents } from '../../db/schema.ts';
import { requireSession } from '../../http/auth.ts';
import { ApiError, notFound, permissionDenied } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import { consumeRateLimits, rateLimitKey } from '../../http/rate-limit.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { escapeHtml } from '../../providers/mail.ts';
import { issueStepUpToken, signInPath } from '../auth-links/step-up.ts';
import {
  type ApplicantRow,
  emailIsTaken,
  findApplicantByEmail,
  newApplicantCode,
  toOnboardingTutor,
} from './applicants.ts';
import { handOffByEmail, handoffIsTrusted, warnOfUnsignedHandoffs } from './handoff.ts';

type CreateNewOnboardingUserData = components['schemas']['CreateNewOnboardingUserData'];
type CreateNewOnboardingUserResult = components['schemas']['CreateNewOnboardingUserResult'];
type AddEventAttendeeData = components['schemas']['AddEventAttendeeData'];

const APPLICANT_NOT_FOUND_MESSAGE = 'No onboarding applicant with this e-mail.';
const HOUR_MS = 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

export function registerOnboardingRoutes(scope: FastifyInstance, context: RouteContext): void {
  registerApplicantReads(scope, context);
  registerSignUp(scope, context);
  registerEventRegistration(scope, context);
}

/** The signed-in applicant (a magic-link session), or 404. */
async function currentApplicant(db: Database, request: FastifyRequest): Promise<ApplicantRow> {
  const session = requireSession(request, 'magic');
  const applicant = session.email ? await findApplicantByEmail(db, session.email) : undefined;
  if (!applicant) throw notFound(APPLICANT_NOT_FOUND_MESSAGE);
  return applicant;
}

/** The signed-in applicant's own onboarding record (lookupOnboardingTutor, getOnboardingTutor). */
function registerApplicantReads(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'lookupOnboardingTutor',
    access: 'applicant',
    handler: async (request) => {
      const { email } = request.body as { email: string };
      const session = requireSession(request, 'magic');
      if (session.email && session.email !== email.toLowerCase()) {
        throw permissionDenied('You can only read your own onboarding record.');
      }
      return toOnboardingTutor(db, await currentApplicant(db, request));
    },
  });

  registerOperation(scope, context, {
    operationId: 'getOnboardingTutor',
    access: 'applicant',
    handler: async (request) => ({
      result: await toOnboardingTutor(db, await currentApplicant(db, request)),
    }),
  });
}

/** The public sign-up form's call: a new applicant. */
function registerSignUp(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'createNewOnboardingUser',
    access: 'public',
    // The portal shows its 'invalid-submission' text for a request it could not even send right.
    invalidBodyDetails: { type: 'invalid-submission' },
    handler: async (request) => {
      const { data } = request.body as { data: CreateNewOnboardingUserData };
      return createApplicant(context, request, data);
    },
  });
  warnOfUnsignedHandoffs(context, scope.log);
}

/**
 * A new applicant from the public sign-up form, with the sign-in link that opens their onboarding
 * dashboard; a refusal the portal shows (a taken e-mail, a blank name) is a result, not an error.
 */
async function createApplicant(
  context: RouteContext,
  request: FastifyRequest,
  data: CreateNewOnboardingUserData,
) {
  const { db } = context;
  const now = context.now();
  await consumeRateLimits(db, now, [
    {
      key: rateLimitKey(context.config.notifications.secret, 'new-applicant-ip', request.ip),
      limit: context.config.signInLinkLimits.perIp,
      windowMs: HOUR_MS,
    },
  ]);
  const reject = (type: 'dup-email' | 'invalid-submission', error: string) => ({
    result: { error, type } satisfies CreateNewOnboardingUserResult,
  });
  const firstName = data.First_Name.trim();
  const lastName = data.Last_Name.trim();
  const phoneDigits = data.phonenum.replace(/\D/g, '');
  if (!firstName || !lastName) {
    return reject('invalid-submission', 'First_Name and Last_Name must not be blank.');
  }
  if (phoneDigits.length < 7 || phoneDigits.length > 15) {
    return reject('invalid-submission', 'phonenum must have 7 to 15 digits.');
  }
  const email = data.email.toLowerCase();
  const insert = () =>
    insertApplicant(context, { firstName, lastName, email, phone: data.phonenum.trim() });
  if (!handoffIsTrusted(context, data, request.log)) {
    return handOffByEmail(context, request.log, email, insert);
  }
  if (await emailIsTaken(db, email)) {
    return reject('dup-email', 'An applicant or tutor with this e-mail already exists.');
  }
  const applicant = await insert();
  if (!applicant) {
    return reject('dup-email', 'An applicant or tutor with this e-mail already exists.');
  }
  const returnUrl = '/onboarding';
  const token = await issueStepUpToken(db, { applicantId: applicant.id, returnUrl, now });
  return { result: { instantSignInLink: signInPath({ email, token, returnUrl }) } };
}

/** A new applicant; undefined when another request created one with the e-mail meanwhile. */
async function insertApplicant(
  context: RouteContext,
  details: { firstName: string; lastName: string; email: string; phone: string },
): Promise<ApplicantRow | undefined> {
  try {
    const [applicant] = await context.db
      .insert(applicants)
      .values({
        tutorCode: newApplicantCode(),
        ...details,
        availabilityFormUrl: context.config.availabilityFormUrl,
        createdAt: context.now(),
      })
      .returning();
    if (!applicant) throw new Error('Creating the applicant returned no row');
    return applicant;
  } catch (error) {
    // Two requests with the same e-mail at once: the unique index lets one through.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** An applicant's registration for a training event, confirmed by e-mail. */
function registerEventRegistration(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  registerOperation(scope, context, {
    operationId: 'addEventAttendee',
    access: 'applicant',
    handler: async (request) => {
      const { data } = request.body as { data: AddEventAttendeeData };
      const applicant = await currentApplicant(db, request);
      const [event] = await db
        .select()
        .from(trainingEvents)
        .where(eq(trainingEvents.id, data.eventId));
      if (!event) throw notFound('No such training event.');
      if (event.startsAt.getTime() <= context.now().getTime()) {
        throw new ApiError(409, 'This event has already started; choose a later date.');
      }
      const inserted = await db
        .insert(eventRegistrations)
        .values({ eventId: event.id, applicantId: applicant.id, createdAt: context.now() })
        .onConflictDoNothing()
        .returning({ eventId: eventRegistrations.eventId });
      const alreadyRegistered = inserted.length === 0;
      if (!alreadyRegistered) {
        const when = event.startsAt.toISOString().replace('T', ' ').slice(0, 16);
        const mail = context.mail;
        context.background.run(
          'event invitation',
          () =>
            mail.send({
              to: applicant.email,
              subject: `You're registered: ${event.title}`,
              text: `Hi ${applicant.firstName},\n\nYou're registered for ${event.title} on ${when} UTC (${event.durationMinutes} minutes).\nJoin here: ${event.joinUrl}\n`,
              html: `<p>Hi ${escapeHtml(applicant.firstName)},</p><p>You're registered for <strong>${escapeHtml(event.title)}</strong> on ${escapeHtml(when)} UTC (${event.durationMinutes} minutes).</p><p><a href="${escapeHtml(event.joinUrl)}">Join the event</a></p>`,
            }),
          request.log,
        );
      }
      return {
        result: { eventId: event.id, email: applicant.email.toLowerCase(), alreadyRegistered },
      };
    },
  });
}
