// Development-only routes under /api/dev (never registered when NODE_ENV=production): the mail
// outbox, the SMS outbox, a guardian's reply played through the inbound-text code path (and a
// tutor's STOP or START to the notification number), the clock moved (clock-routes.ts), a page
// that plays the carrier's delivery outcomes of the tutors' texts (and makes the dev provider
// refuse texts), and a page of forms that completes onboarding tasks offline by calling the
// signed form and scheduling webhooks, signing them here with the configured secrets.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { applicants, devOutbox, devSmsOutbox, messages, students } from '../../db/schema.ts';
import { ApiError, invalidArgument, notFound } from '../../http/errors.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { usePageHeaders } from '../../http/security-headers.ts';
import { escapeHtml } from '../../providers/mail.ts';
import { applyStatusReport } from '../messages/delivery.ts';
import { failureReasonOf, isProviderErrorCode } from '../messages/delivery-failure.ts';
import { receiveGuardianText } from '../messages/inbound.ts';
import { isValidAvailability } from '../onboarding/applicants.ts';
import { isRecordUuid } from '../tutors/access.ts';
import { SIGNATURE_HEADER, signWebhook } from '../webhooks/signature.ts';
import { registerClockRoutes, registerTutorTextRoute } from './clock-routes.ts';
import { SAMPLE_PICTURE_PATH, SAMPLE_PICTURE_PNG } from './sample-picture.ts';

const OUTBOX_LIMIT = 100;

/** What each button of the dev form page sends, and to which webhook. */
const FORM_ACTIONS = {
  waiver: { provider: 'forms', label: 'Submit the waiver' },
  asyncknowledgecheck: { provider: 'forms', label: 'Submit the knowledge check' },
  backgroundcheck: { provider: 'forms', label: 'Clear the background check' },
  availability: { provider: 'forms', label: 'Submit availability' },
  'training.attended': { provider: 'scheduling', label: 'Attend a live training' },
  'interview.scheduled': { provider: 'scheduling', label: 'Schedule the onboarding chat' },
} as const;
type FormAction = keyof typeof FORM_ACTIONS;

function formPage(rows: Array<typeof applicants.$inferSelect>, notice: string | undefined): string {
  const yesNo = (value: boolean) => (value ? 'done' : 'not done');
  const sections = rows
    .map((applicant) => {
      const email = escapeHtml(applicant.email);
      const buttons = (Object.keys(FORM_ACTIONS) as FormAction[])
        .filter((action) => action !== 'availability')
        .map(
          (action) => `<form method="post" action="/api/dev/forms">
<input type="hidden" name="email" value="${email}">
<input type="hidden" name="action" value="${action}">
<button type="submit">${FORM_ACTIONS[action].label}</button>
</form>`,
        )
        .join('\n');
      const id = `availability-${escapeHtml(applicant.id)}`;
      return `<section aria-labelledby="h-${escapeHtml(applicant.id)}">
<h2 id="h-${escapeHtml(applicant.id)}">${escapeHtml(`${applicant.firstName} ${applicant.lastName}`)} (${email}, ${escapeHtml(applicant.tutorCode)})</h2>
<p>Status: ${escapeHtml(applicant.status || '(none)')}. Waiver ${yesNo(applicant.waiverCompleted)};
knowledge check ${yesNo(applicant.workbookCompleted)}; live training ${yesNo(applicant.liveTrainingAttended)};
background check ${yesNo(applicant.backgroundCheckCleared)}; availability ${escapeHtml(applicant.availability || 'none')};
onboarding chat ${applicant.interviewDate ? escapeHtml(applicant.interviewDate.toISOString()) : 'not scheduled'}.</p>
${buttons}
<form method="post" action="/api/dev/forms">
<input type="hidden" name="email" value="${email}">
<input type="hidden" name="action" value="availability">
<label for="${id}">Availability (e.g. Monday 16:00-18:00)</label>
<input id="${id}" name="availability" required value="Monday 16:00-18:00">
<button type="submit">Submit availability</button>
</form>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development forms: onboarding tasks</title></head>
<body>
<main>
<h1>Development forms: onboarding tasks</h1>
<p>Each button calls the signed form or scheduling webhook, as the external providers would.</p>
<div role="status">${notice ? `<p>${escapeHtml(notice)}</p>` : ''}</div>
${sections || '<p>No applicants yet.</p>'}
<p><a href="/api/dev/outbox">Mail outbox (JSON)</a> · <a href="/api/dev/sms/outbox">SMS outbox (JSON)</a></p>
</main>
</body>
</html>`;
}

/** The outcomes the dev SMS page plays, with the error code Twilio reports unless one is chosen. */
const DELIVERY_OUTCOMES = {
  delivered: { label: 'Delivered', errorCode: undefined },
  undelivered: { label: 'Not delivered', errorCode: '30003' },
  failed: { label: 'Failed', errorCode: '30007' },
} as const;
type DeliveryOutcome = keyof typeof DELIVERY_OUTCOMES;

/**
 * The error codes the page offers for an outcome that was not delivered: those the chat names in
 * words (delivery-failure.ts), and one it does not.
 */
const OFFERED_ERROR_CODES = ['30003', '30005', '30006', '30007', '21610', '21614', '30008'];

function errorCodeOptions(): string {
  return OFFERED_ERROR_CODES.map(
    (code) => `<option value="${code}">${code}: ${escapeHtml(failureReasonOf(code))}</option>`,
  ).join('\n');
}

interface OutboundText {
  id: string;
  body: string;
  deliveryStatus: string;
  attempt: number;
  errorCode: string | null;
  sentAt: Date;
  studentName: string;
}

/** The report forms of one text: delivered, or not (undelivered or failed) with a chosen code. */
function reportForms(text: OutboundText): string {
  const id = escapeHtml(text.id);
  return `<form method="post" action="/api/dev/sms/status">
<input type="hidden" name="messageId" value="${id}">
<input type="hidden" name="status" value="delivered">
<button type="submit">${DELIVERY_OUTCOMES.delivered.label}</button>
</form>
<form method="post" action="/api/dev/sms/status">
<input type="hidden" name="messageId" value="${id}">
<label for="code-${id}">Error code</label>
<select id="code-${id}" name="errorCode">
${errorCodeOptions()}
</select>
<button type="submit" name="status" value="undelivered">${DELIVERY_OUTCOMES.undelivered.label}</button>
<button type="submit" name="status" value="failed">${DELIVERY_OUTCOMES.failed.label}</button>
</form>`;
}

function smsPage(texts: OutboundText[], notice: string | undefined): string {
  const rows = texts
    .map(
      (text) => `<tr>
<td>${escapeHtml(text.sentAt.toISOString())}</td>
<td>${escapeHtml(text.studentName)}</td>
<td>${escapeHtml(text.body)}</td>
<td>${escapeHtml(text.deliveryStatus)}${text.errorCode ? ` (${escapeHtml(text.errorCode)})` : ''}, attempt ${text.attempt + 1}</td>
<td>${reportForms(text)}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development SMS: delivery outcomes</title></head>
<body>
<main>
<h1>Development SMS: delivery outcomes</h1>
<p>Each button reports an outcome of the text as Twilio's status callback would; the chat shows it
at its next poll.</p>
<div role="status">${notice ? `<p>${escapeHtml(notice)}</p>` : ''}</div>
<form method="post" action="/api/dev/sms/refuse-next">
<input type="hidden" name="count" value="1">
<button type="submit">Refuse the next text sent</button>
</form>
${
  rows
    ? `<table>
<caption>The tutors' latest texts</caption>
<thead><tr><th scope="col">Sent</th><th scope="col">Student</th><th scope="col">Text</th><th scope="col">Status</th><th scope="col">Report</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>No texts sent yet.</p>'
}
<p><a href="/api/dev/sms/outbox">SMS outbox (JSON)</a> · <a href="/api/dev/forms">Onboarding forms</a></p>
</main>
</body>
</html>`;
}

export function registerDevRoutes(scope: FastifyInstance, context: RouteContext): void {
  // The development SMS page and forms are pages, under the API's prefix.
  usePageHeaders(scope, context.securityHeaders);

  // A form's fields as an object, which the contract's schema reads.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  registerOutboxRoutes(scope, context.db);
  registerInboundTextRoute(scope, context);
  registerSmsPage(scope, context.db);
  registerDeliveryOutcomeRoutes(scope, context);
  registerFormRoutes(scope, context);
  registerClockRoutes(scope, context);
  registerTutorTextRoute(scope, context);
}

/** Whether the request's body is a form (a page's post), which is answered with a redirect. */
const isForm = (request: FastifyRequest) =>
  request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded');

/** The mail and SMS outboxes of the development providers, newest first (JSON). */
function registerOutboxRoutes(scope: FastifyInstance, db: Database): void {
  scope.get('/dev/outbox', async () => {
    const rows = await db
      .select()
      .from(devOutbox)
      .orderBy(desc(devOutbox.sentAt), desc(devOutbox.id))
      .limit(OUTBOX_LIMIT);
    return rows.map((row) => ({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      messageId: row.messageId,
      sentAt: row.sentAt.toISOString(),
    }));
  });

  scope.get('/dev/sms/outbox', async () => {
    const rows = await db
      .select()
      .from(devSmsOutbox)
      .orderBy(desc(devSmsOutbox.sentAt), desc(devSmsOutbox.id))
      .limit(OUTBOX_LIMIT);
    return rows.map((row) => ({
      from: row.from,
      to: row.to,
      body: row.body,
      sentAt: row.sentAt.toISOString(),
    }));
  });
}

/**
 * A guardian's reply, played through the same code as an inbound text from Twilio:
 * `{"studentId", "body", "photo"?}`. With `"photo": true` it is an MMS whose picture is the sample
 * this server serves as the stand-in for the provider's media URL (sample-picture.ts): fetched,
 * checked and stored as Twilio's would be. The body may then be empty, as an MMS's often is.
 */
function registerInboundTextRoute(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  scope.get(SAMPLE_PICTURE_PATH, async (_request, reply) =>
    reply.type('image/png').header('cache-control', 'no-store').send(SAMPLE_PICTURE_PNG),
  );
  scope.post('/dev/sms/inbound', async (request, reply) => {
    const body = request.body as
      | { studentId?: unknown; body?: unknown; photo?: unknown }
      | undefined;
    const photo = body?.photo === true;
    const text = typeof body?.body === 'string' ? body.body : photo ? '' : undefined;
    if (
      typeof body?.studentId !== 'string' ||
      text === undefined ||
      (body.photo !== undefined && typeof body.photo !== 'boolean') ||
      (!text.trim() && !photo)
    ) {
      throw invalidArgument(
        'body must be {"studentId": "<student id>", "body": "<text>", "photo"?: true}, with a text or a photo',
      );
    }
    const [student] = /^[0-9a-f-]{36}$/i.test(body.studentId)
      ? await db.select().from(students).where(eq(students.id, body.studentId))
      : [];
    if (!student) throw notFound('No such student.');
    if (!student.guardianPhone)
      throw new ApiError(409, "The student's guardian has no phone number.");
    const messageSid = `${photo ? 'MM' : 'SM'}dev${randomUUID().replaceAll('-', '')}`;
    // This server's own address, as the request reached it: the picture is fetched from there.
    const origin = `${request.protocol}://${request.host}`;
    const outcome = await receiveGuardianText(
      { db, log: request.log, translation: context.translation, media: context.media },
      {
        from: student.guardianPhone,
        to: student.forwardingNumber,
        body: text,
        providerMessageId: messageSid,
        receivedAt: context.now(),
        media: photo
          ? [{ url: `${origin}/api${SAMPLE_PICTURE_PATH}`, contentType: 'image/png' }]
          : [],
      },
    );
    if (outcome === 'stored')
      context.metrics.texts.inc({ direction: 'inbound', status: 'received' });
    return reply.code(201).send({ status: outcome, messageSid });
  });
}

/** The page of the tutors' latest texts, with a button per delivery outcome. */
function registerSmsPage(scope: FastifyInstance, db: Database): void {
  scope.get('/dev/sms', async (request, reply) => {
    const texts = await db
      .select({
        id: messages.id,
        body: messages.body,
        deliveryStatus: messages.deliveryStatus,
        attempt: messages.attempt,
        errorCode: messages.errorCode,
        sentAt: messages.sentAt,
        firstName: students.firstName,
        lastName: students.lastName,
      })
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .where(eq(messages.fromTutor, true))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(OUTBOX_LIMIT);
    const notice = (request.query as { result?: string }).result;
    return reply.type('text/html; charset=utf-8').send(
      smsPage(
        texts.map(({ firstName, lastName, ...text }) => ({
          ...text,
          studentName: `${firstName} ${lastName}`,
        })),
        notice,
      ),
    );
  });
}

/** What the SMS page's buttons post: a delivery outcome of a text, or refusals of the next ones. */
function registerDeliveryOutcomeRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  // A delivery outcome of a tutor's text (its current attempt), through the same code as
  // Twilio's status callback. A form post (the page) is redirected back; JSON gets JSON.
  scope.post('/dev/sms/status', async (request, reply) => {
    const form = isForm(request);
    const body = (request.body ?? {}) as {
      messageId?: unknown;
      status?: unknown;
      errorCode?: unknown;
    };
    const messageId = typeof body.messageId === 'string' ? body.messageId : '';
    const status = body.status as DeliveryOutcome;
    const chosenCode = body.errorCode === '' ? undefined : body.errorCode;
    if (
      !isRecordUuid(messageId) ||
      typeof status !== 'string' ||
      !Object.hasOwn(DELIVERY_OUTCOMES, status) ||
      (chosenCode !== undefined &&
        (typeof chosenCode !== 'string' || !isProviderErrorCode(chosenCode)))
    ) {
      throw invalidArgument(
        'body must be {"messageId": "<message id>", "status": "delivered" | "undelivered" | "failed", "errorCode"?: "<digits>"}',
      );
    }
    const errorCode =
      status === 'delivered' ? undefined : (chosenCode ?? DELIVERY_OUTCOMES[status].errorCode);
    const [text] = await db
      .select({ attempt: messages.attempt })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.fromTutor, true)));
    if (!text) throw notFound('No such text of a tutor.');
    const outcome = await applyStatusReport(db, {
      messageId,
      attempt: text.attempt,
      status,
      errorCode,
      at: context.now(),
    });
    if (form) {
      const why = errorCode ? ` (${errorCode}: ${failureReasonOf(errorCode)})` : '';
      const result = `${DELIVERY_OUTCOMES[status].label}${why}: ${outcome}.`;
      return reply.redirect(`/api/dev/sms?result=${encodeURIComponent(result)}`, 303);
    }
    return { status: outcome };
  });

  scope.post('/dev/sms/refuse-next', async (request, reply) => {
    const form = isForm(request);
    const raw = (request.body as { count?: unknown } | undefined)?.count;
    const count = raw === undefined || raw === null ? 1 : Number(raw);
    if (!Number.isInteger(count) || count < 0 || count > 100) {
      throw invalidArgument('count must be a whole number from 0 to 100');
    }
    if (!context.devSms) throw new ApiError(409, 'The development SMS provider is not in use.');
    context.devSms.refuseNext(count);
    if (form) {
      const result = `The development provider refuses the next ${count === 1 ? 'text' : `${count} texts`}.`;
      return reply.redirect(`/api/dev/sms?result=${encodeURIComponent(result)}`, 303);
    }
    return { refusing: count };
  });
}

/** The page of forms that complete onboarding tasks through the signed webhooks. */
function registerFormRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db, config } = context;
  scope.get('/dev/forms', async (request, reply) => {
    const rows = await db.select().from(applicants).orderBy(asc(applicants.createdAt));
    const notice = (request.query as { result?: string }).result;
    return reply.type('text/html; charset=utf-8').send(formPage(rows, notice));
  });

  scope.post('/dev/forms', async (request, reply) => {
    const form = (request.body ?? {}) as Partial<Record<string, string>>;
    const email = form.email ?? '';
    const action = form.action as FormAction | undefined;
    if (!action || !(action in FORM_ACTIONS)) throw invalidArgument('action is not known');
    const { provider } = FORM_ACTIONS[action];
    const eventId = `dev-${randomUUID()}`;
    const availability = form.availability ?? '';
    if (action === 'availability' && !isValidAvailability(availability)) {
      return reply.redirect(
        `/api/dev/forms?result=${encodeURIComponent(`'${availability}' is not a weekday and a time range HH:MM-HH:MM.`)}`,
        303,
      );
    }
    const payload =
      provider === 'forms'
        ? {
            eventId,
            email,
            formType: action,
            ...(action === 'availability' ? { availability } : {}),
            ...(action === 'backgroundcheck' ? { result: 'cleared' } : {}),
          }
        : {
            eventId,
            email,
            type: action,
            ...(action === 'interview.scheduled'
              ? { startsAt: new Date(context.now().getTime() + 3 * 86_400_000).toISOString() }
              : {}),
          };
    const secret =
      provider === 'forms' ? config.webhookSecrets.forms : config.webhookSecrets.scheduling;
    if (!secret) throw new ApiError(503, `The ${provider} webhook has no secret.`);
    const raw = JSON.stringify(payload);
    const response = await request.server.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}`,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signWebhook(secret, raw, Math.floor(context.now().getTime() / 1000)),
      },
      payload: raw,
    });
    const answer = response.json() as { status?: string; error?: { message?: string } };
    const result =
      response.statusCode === 200
        ? `${FORM_ACTIONS[action].label}: ${answer.status} for ${email}.`
        : `${FORM_ACTIONS[action].label} failed: ${answer.error?.message ?? response.statusCode}`;
    return reply.redirect(`/api/dev/forms?result=${encodeURIComponent(result)}`, 303);
  });
}
