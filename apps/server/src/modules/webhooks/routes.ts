// Webhooks of the external providers (openapi.yaml's Webhooks: what providers call, never the
// portal): the form provider (waiver, knowledge checks, availability, background-check
// clearance), the scheduling provider (interview scheduled, live training attended) and Twilio's
// inbound texts and status callbacks. Each checks its provider's signature over the raw body
// before anything else (a preValidation hook: these routes are registered here, not by
// operations.ts, whose checks run first), then Fastify checks the body against the contract's
// schema (operations.ts' useContractSchemas); a delivery seen before changes nothing.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { applicants, webhookEvents } from '../../db/schema.ts';
import { ApiError, invalidArgument, notFound, unauthenticated } from '../../http/errors.ts';
import { nulCharacterPath } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { reportedStatus } from '../../providers/sms.ts';
import { applyStatusReport } from '../messages/delivery.ts';
import { type InboundMedia, MAX_MEDIA_PER_TEXT } from '../messages/inbound.ts';
import {
  type ApplicantRow,
  findApplicantByEmail,
  isValidAvailability,
  promoteWhenTasksDone,
} from '../onboarding/applicants.ts';
import { isRecordUuid } from '../tutors/access.ts';
import { receiveText } from './inbound-text.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './signature.ts';
import { twilioSignatureMatches } from './twilio-url.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** openapi.yaml's FormSubmission, the route's body schema. */
export interface FormSubmission {
  eventId: string;
  formType: 'waiver' | 'asyncknowledgecheck' | 'livetraining' | 'availability' | 'backgroundcheck';
  tutorId?: string;
  email?: string;
  availability?: string;
  result?: 'cleared' | 'not-cleared';
}

/** openapi.yaml's SchedulingEvent, the route's body schema. */
export interface SchedulingEvent {
  eventId: string;
  type: 'interview.scheduled' | 'training.attended';
  tutorId?: string;
  email?: string;
  startsAt?: string;
}

async function findApplicant(
  db: Database,
  by: { tutorId?: string; email?: string },
): Promise<ApplicantRow> {
  let applicant: ApplicantRow | undefined;
  if (by.tutorId) {
    [applicant] = await db.select().from(applicants).where(eq(applicants.tutorCode, by.tutorId));
  } else if (by.email) {
    applicant = await findApplicantByEmail(db, by.email);
  }
  if (!applicant) throw notFound('No onboarding applicant matches this submission.');
  return applicant;
}

export type WebhookOutcome = { status: 'processed' | 'duplicate' | 'ignored' };

/**
 * Runs a delivery's effect once: the idempotency key and the effect commit together, so a
 * delivery that failed half-way can be retried, and one that succeeded is never applied twice.
 */
async function once(
  db: Database,
  provider: string,
  eventKey: string,
  effect: (tx: Database) => Promise<'processed' | 'ignored'>,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(webhookEvents)
      .values({ provider, eventKey })
      .onConflictDoNothing()
      .returning({ key: webhookEvents.eventKey });
    if (recorded.length === 0) return { status: 'duplicate' as const };
    return { status: await effect(tx) };
  });
}

export async function applyFormSubmission(
  db: Database,
  submission: FormSubmission,
): Promise<WebhookOutcome> {
  if (submission.formType === 'availability') {
    if (!submission.availability || !isValidAvailability(submission.availability)) {
      throw invalidArgument(
        "body/availability must be a weekday, a space and a time range, e.g. 'Monday 16:00-18:00'",
      );
    }
  }
  const applicant = await findApplicant(db, submission);
  return once(db, 'forms', submission.eventId, async (tx) => {
    const set: Partial<typeof applicants.$inferInsert> = {};
    switch (submission.formType) {
      case 'waiver':
        set.waiverCompleted = true;
        break;
      case 'asyncknowledgecheck':
      case 'livetraining':
        set.workbookCompleted = true;
        break;
      case 'availability':
        set.availability = submission.availability?.trim() ?? '';
        break;
      case 'backgroundcheck':
        if (submission.result !== 'cleared') return 'ignored';
        set.backgroundCheckCleared = true;
        break;
    }
    await tx.update(applicants).set(set).where(eq(applicants.id, applicant.id));
    await promoteWhenTasksDone(tx, applicant.id);
    return 'processed';
  });
}

export async function applySchedulingEvent(
  db: Database,
  event: SchedulingEvent,
): Promise<WebhookOutcome> {
  if (event.type === 'interview.scheduled' && !event.startsAt) {
    throw invalidArgument('body/startsAt is required for interview.scheduled');
  }
  const applicant = await findApplicant(db, event);
  return once(db, 'scheduling', event.eventId, async (tx) => {
    const set: Partial<typeof applicants.$inferInsert> =
      event.type === 'training.attended'
        ? { liveTrainingAttended: true }
        : { interviewDate: new Date(event.startsAt as string) };
    await tx.update(applicants).set(set).where(eq(applicants.id, applicant.id));
    return 'processed';
  });
}

function checkSignature(request: FastifyRequest, secret: string, now: Date): void {
  const outcome = verifyWebhookSignature(
    secret,
    request.rawBody ?? '',
    request.headers[SIGNATURE_HEADER] as string | undefined,
    now,
  );
  if (outcome === 'missing') throw unauthenticated(`The ${SIGNATURE_HEADER} header is required.`);
  if (outcome === 'invalid') throw unauthenticated('The webhook signature does not match.');
  if (outcome === 'stale') throw unauthenticated('The webhook signature has expired.');
}

export function registerWebhookRoutes(scope: FastifyInstance, context: RouteContext): void {
  keepRawBodies(scope);
  const { config } = context;
  const { forms, scheduling } = config.webhookSecrets;
  if (forms) {
    scope.post('/webhooks/forms', { preValidation: signedJson(context, forms) }, (request) =>
      applyFormSubmission(context.db, request.body as FormSubmission),
    );
  }
  if (scheduling) {
    scope.post(
      '/webhooks/scheduling',
      { preValidation: signedJson(context, scheduling) },
      (request) => applySchedulingEvent(context.db, request.body as SchedulingEvent),
    );
  }
  const twilio = config.twilio;
  if (twilio) {
    registerTwilioInboundWebhook(scope, context, twilio);
    registerTwilioStatusWebhook(scope, context, twilio);
  }
}

/** The body parsers of the webhooks: JSON and form bodies, each with its raw text kept. */
function keepRawBodies(scope: FastifyInstance): void {
  // The signatures cover the exact bytes sent, so the raw body is kept next to the parsed one.
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body as string);
    } catch {
      done(invalidArgument('body is not valid JSON'), undefined);
      return;
    }
    const withNul = nulCharacterPath(parsed, 'body');
    if (withNul) done(invalidArgument(`${withNul} must not contain the NUL character`), undefined);
    else done(null, parsed);
  });
  // Twilio's form fields as an object, which the contract's schema reads.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      request.rawBody = body as string;
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

const mediaType = (request: FastifyRequest) =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();

/**
 * Before the body is validated: 415 for a body that is not JSON (the forms and scheduling
 * providers send JSON), then the signature.
 */
function signedJson(context: RouteContext, secret: string) {
  return async (request: FastifyRequest) => {
    const type = mediaType(request);
    if (type !== 'application/json') {
      throw new ApiError(
        415,
        `Content-Type ${type ?? '(none)'} is not accepted; send application/json.`,
      );
    }
    checkSignature(request, secret, context.now());
  };
}

/** Before the body is validated: 415 for a body that is not a form, then Twilio's signature over `url`. */
function signedByTwilio(authToken: string, url: (request: FastifyRequest) => string) {
  return async (request: FastifyRequest) => {
    if (mediaType(request) !== 'application/x-www-form-urlencoded') {
      throw new ApiError(415, 'Twilio webhooks are application/x-www-form-urlencoded.');
    }
    const signature = request.headers['x-twilio-signature'] as string | undefined;
    if (!twilioSignatureMatches(authToken, url(request), formParams(request), signature)) {
      throw unauthenticated('The X-Twilio-Signature does not match.');
    }
  };
}

/** The form fields of a Twilio webhook (its parser gives them as an object). */
const formParams = (request: FastifyRequest) =>
  new URLSearchParams(request.body as Record<string, string>);

type TwilioConfig = NonNullable<RouteContext['config']['twilio']>;

/**
 * The pictures of an MMS as Twilio's webhook names them: NumMedia, then MediaUrl0…,
 * MediaContentType0… (at most 10). A count that is not a small whole number names none.
 */
export function inboundMediaOf(params: URLSearchParams): InboundMedia[] {
  const count = Number(params.get('NumMedia') ?? '0');
  if (!Number.isInteger(count) || count < 1) return [];
  const media: InboundMedia[] = [];
  for (let index = 0; index < Math.min(count, MAX_MEDIA_PER_TEXT); index += 1) {
    const url = params.get(`MediaUrl${index}`);
    if (url) media.push({ url, contentType: params.get(`MediaContentType${index}`) ?? undefined });
  }
  return media;
}

/** Twilio's webhook of an inbound text: a guardian's reply, or a tutor's STOP to notifications. */
function registerTwilioInboundWebhook(
  scope: FastifyInstance,
  context: RouteContext,
  twilio: TwilioConfig,
): void {
  const preValidation = signedByTwilio(twilio.authToken, () => twilio.webhookUrl);
  scope.post('/webhooks/twilio/sms', { preValidation }, async (request, reply) => {
    const params = formParams(request);
    const from = params.get('From');
    const to = params.get('To');
    const messageSid = params.get('MessageSid');
    if (!from || !to || !messageSid) {
      throw invalidArgument('From, To and MessageSid are required.');
    }
    const media = inboundMediaOf(params);
    const outcome = await receiveText(context, request.log, {
      from,
      to,
      body: params.get('Body') ?? '',
      providerMessageId: messageSid,
      receivedAt: context.now(),
      media,
    });
    // How many pictures, never where they are.
    request.log.info({ messageSid, outcome, pictures: media.length }, 'inbound text');
    if (outcome === 'stored')
      context.metrics.texts.inc({ direction: 'inbound', status: 'received' });
    // An empty TwiML answer: no automatic reply to the guardian.
    return reply
      .type('text/xml; charset=utf-8')
      .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
}

/**
 * Twilio's status callback of an outbound text. The URL names the stored message and the
 * attempt (providers/sms.ts), and is part of what Twilio signs. A callback of a message or an
 * attempt we do not know is acknowledged and ignored: Twilio would only send it again.
 */
function registerTwilioStatusWebhook(
  scope: FastifyInstance,
  context: RouteContext,
  twilio: TwilioConfig,
): void {
  const { db } = context;
  const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');
  // Twilio signs the URL with its query, which names the stored text and the attempt.
  const preValidation = signedByTwilio(
    twilio.authToken,
    (request) => `${twilio.statusCallbackUrl.split('?')[0]}${queryOf(request.url)}`,
  );
  scope.post('/webhooks/twilio/status', { preValidation }, async (request, reply) => {
    const params = formParams(request);
    const query = queryOf(request.url);
    const reference = new URLSearchParams(query);
    const messageId = reference.get('messageId') ?? '';
    // A whole number the attempt column holds; anything else is no reference of ours.
    const attemptText = reference.get('attempt') ?? '';
    const attempt = /^[0-9]{1,9}$/.test(attemptText) ? Number(attemptText) : -1;
    const messageSid = params.get('MessageSid');
    const twilioStatus = params.get('MessageStatus');
    if (!messageSid || !twilioStatus) {
      throw invalidArgument('MessageSid and MessageStatus are required.');
    }
    if (!isRecordUuid(messageId) || !Number.isInteger(attempt) || attempt < 0) {
      request.log.warn({ messageSid }, 'a status callback without our reference: ignored');
      return reply.code(204).send();
    }
    const status = reportedStatus(twilioStatus);
    const outcome = await applyStatusReport(db, {
      messageId,
      attempt,
      status,
      providerMessageId: messageSid,
      errorCode: params.get('ErrorCode') ?? undefined,
      at: context.now(),
    });
    request.log.info({ messageSid, twilioStatus, outcome }, 'text status');
    if (outcome === 'applied' && status !== 'queued') {
      context.metrics.texts.inc({ direction: 'outbound', status });
    }
    return reply.code(204).send();
  });
}
