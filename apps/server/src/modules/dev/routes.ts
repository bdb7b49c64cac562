// Development-only routes under /api/dev (never registered when NODE_ENV=production): the mail
// outbox, the SMS outbox, a guardian's reply played through the inbound-text code path, and a
// page of forms that completes onboarding tasks offline by calling the signed form and
// scheduling webhooks, signing them here with the configured secrets.
import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicants, devOutbox, devSmsOutbox, students } from '../../db/schema.ts';
import { ApiError, invalidArgument, notFound } from '../../http/errors.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { escapeHtml } from '../../providers/mail.ts';
import { receiveGuardianText } from '../messages/service.ts';
import { isValidAvailability } from '../onboarding/applicants.ts';
import { SIGNATURE_HEADER, signWebhook } from '../webhooks/signature.ts';

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

export function registerDevRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db, config } = context;

  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

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

  scope.post('/dev/sms/inbound', async (request, reply) => {
    const body = request.body as { studentId?: unknown; body?: unknown } | undefined;
    if (typeof body?.studentId !== 'string' || typeof body.body !== 'string' || !body.body.trim()) {
      throw invalidArgument('body must be {"studentId": "<student id>", "body": "<text>"}');
    }
    const [student] = /^[0-9a-f-]{36}$/i.test(body.studentId)
      ? await db.select().from(students).where(eq(students.id, body.studentId))
      : [];
    if (!student) throw notFound('No such student.');
    if (!student.guardianPhone)
      throw new ApiError(409, "The student's guardian has no phone number.");
    const messageSid = `SMdev${randomUUID().replaceAll('-', '')}`;
    const outcome = await receiveGuardianText(db, request.log, {
      from: student.guardianPhone,
      to: student.forwardingNumber,
      body: body.body,
      providerMessageId: messageSid,
      receivedAt: context.now(),
    });
    if (outcome === 'stored')
      context.metrics.texts.inc({ direction: 'inbound', status: 'received' });
    return reply.code(201).send({ status: outcome, messageSid });
  });

  scope.get('/dev/forms', async (request, reply) => {
    const rows = await db.select().from(applicants).orderBy(asc(applicants.createdAt));
    const notice = (request.query as { result?: string }).result;
    return reply.type('text/html; charset=utf-8').send(formPage(rows, notice));
  });

  scope.post('/dev/forms', async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const email = form.get('email') ?? '';
    const action = form.get('action') as FormAction | null;
    if (!action || !(action in FORM_ACTIONS)) throw invalidArgument('action is not known');
    const { provider } = FORM_ACTIONS[action];
    const eventId = `dev-${randomUUID()}`;
    const availability = form.get('availability') ?? '';
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
