// Provider webhooks (forms, scheduling, Twilio inbound), Twilio as the outbound provider, the
// development routes, and what production leaves out.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { applicants, messages, students, webhookEvents } from '../src/db/schema.ts';
import { SIGNATURE_HEADER, signWebhook } from '../src/modules/webhooks/signature.ts';
import { twilioSignature } from '../src/providers/sms.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';
import { caller, expectError } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const FORMS_SECRET = 'test-forms-secret';
const SCHEDULING_SECRET = 'test-scheduling-secret';
const TWILIO = {
  accountSid: 'ACtest',
  authToken: 'twilio-test-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};

let server: TestApp;
let clock = NOW;
const api = caller(() => server.app);
const twilioCalls: string[] = [];
let mayaToken = '';

beforeAll(async () => {
  server = await startTestApp({
    now: () => clock,
    config: {
      webhookSecrets: { forms: FORMS_SECRET, scheduling: SCHEDULING_SECRET },
      twilio: TWILIO,
    },
    dependencies: {
      fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        twilioCalls.push(String(init?.body));
        return Response.json(
          { sid: `SMout${twilioCalls.length}`, status: 'queued' },
          { status: 201 },
        );
      }) as typeof fetch,
    },
    fixtures: (db) => seedDemoData(db, { now: NOW }),
  });
  mayaToken = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
});
afterAll(() => server?.close());

function deliver(
  provider: 'forms' | 'scheduling',
  payload: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const raw = JSON.stringify(payload);
  const secret = options.secret ?? (provider === 'forms' ? FORMS_SECRET : SCHEDULING_SECRET);
  const signature =
    options.signature === undefined
      ? signWebhook(secret, raw, options.timestamp ?? T)
      : options.signature;
  return server.app.inject({
    method: 'POST',
    url: `/api/webhooks/${provider}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }),
    },
    payload: raw,
  });
}

async function applicant(email: string) {
  const [row] = await server.db.select().from(applicants).where(eq(applicants.email, email));
  if (!row) throw new Error(`no applicant ${email}`);
  return row;
}

describe('form and scheduling webhooks', () => {
  it('set the flags of each onboarding task; all four make the applicant Ready to Tutor', async () => {
    const sam = await applicant(DEMO_APPLICANT_EMAILS.sam);
    const ok = async (provider: 'forms' | 'scheduling', payload: Record<string, unknown>) => {
      const response = await deliver(provider, payload);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'processed' });
    };
    await ok('forms', { eventId: 'w-1', formType: 'waiver', email: 'SAM.RIVERA@example.com' });
    expect(await applicant(sam.email)).toMatchObject({
      waiverCompleted: true,
      status: 'Application Accepted',
    });
    await ok('forms', { eventId: 'k-1', formType: 'asyncknowledgecheck', tutorId: sam.tutorCode });
    await ok('scheduling', { eventId: 's-1', type: 'training.attended', email: sam.email });
    await ok('forms', {
      eventId: 'a-1',
      formType: 'availability',
      tutorId: sam.tutorCode,
      availability: 'Monday 16:00-18:00, Thursday 17:30-19:00',
    });
    expect(await applicant(sam.email)).toMatchObject({ status: 'Application Accepted' });
    await ok('forms', {
      eventId: 'b-1',
      formType: 'backgroundcheck',
      email: sam.email,
      result: 'cleared',
    });
    expect(await applicant(sam.email)).toMatchObject({
      waiverCompleted: true,
      workbookCompleted: true,
      liveTrainingAttended: true,
      backgroundCheckCleared: true,
      availability: 'Monday 16:00-18:00, Thursday 17:30-19:00',
      status: 'Ready to Tutor',
    });
  });

  it('interview.scheduled sets the interview date; a background check not cleared changes nothing', async () => {
    const casey = await applicant(DEMO_APPLICANT_EMAILS.casey);
    const startsAt = '2026-03-18T17:00:00.000Z';
    expect(
      (
        await deliver('scheduling', {
          eventId: 'i-1',
          type: 'interview.scheduled',
          email: casey.email,
          startsAt,
        })
      ).statusCode,
    ).toBe(200);
    expect((await applicant(casey.email)).interviewDate?.toISOString()).toBe(startsAt);
    const response = await deliver('forms', {
      eventId: 'b-2',
      formType: 'backgroundcheck',
      email: casey.email,
      result: 'not-cleared',
    });
    expect(response.json()).toEqual({ status: 'ignored' });
    expect((await applicant(casey.email)).backgroundCheckCleared).toBe(false);
  });

  it('a replayed delivery (same event id) is ignored, even re-signed with other values', async () => {
    const alex = await applicant(DEMO_APPLICANT_EMAILS.alex);
    const payload = { eventId: 'a-2', formType: 'availability', email: alex.email };
    expect(
      (await deliver('forms', { ...payload, availability: 'Friday 09:00-10:00' })).json(),
    ).toEqual({ status: 'processed' });
    const replay = await deliver('forms', { ...payload, availability: 'Sunday 09:00-10:00' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    expect((await applicant(alex.email)).availability).toBe('Friday 09:00-10:00');
    const keys = await server.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, 'a-2'));
    expect(keys).toHaveLength(1);
  });

  it('401 for a missing, wrong, stale or other-provider signature, and nothing changes', async () => {
    const casey = await applicant(DEMO_APPLICANT_EMAILS.casey);
    const payload = { eventId: 'w-bad', formType: 'waiver', email: casey.email };
    expectError(
      await deliver('forms', payload, { signature: null }),
      401,
      'UNAUTHENTICATED',
      /required/,
    );
    expectError(
      await deliver('forms', payload, { secret: 'guess' }),
      401,
      'UNAUTHENTICATED',
      /does not match/,
    );
    expectError(
      await deliver('forms', payload, { secret: SCHEDULING_SECRET }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await deliver('forms', payload, { timestamp: T - 600 }),
      401,
      'UNAUTHENTICATED',
      /expired/,
    );
    expect((await applicant(casey.email)).waiverCompleted).toBe(false);
    // A refused delivery leaves no idempotency key, so the genuine one still counts.
    expect((await deliver('forms', payload)).json()).toEqual({ status: 'processed' });
  });

  it('refuses availability that breaks the weekday + HH:MM-HH:MM rule, and bad bodies', async () => {
    const casey = await applicant(DEMO_APPLICANT_EMAILS.casey);
    for (const availability of [
      'Mondays 16:00-18:00',
      'Monday 4pm-6pm',
      'Monday 16:00 - 18:00',
      'Monday 25:00-26:00',
      '',
    ]) {
      expectError(
        await deliver('forms', {
          eventId: `a-bad-${availability}`,
          formType: 'availability',
          email: casey.email,
          availability,
        }),
        400,
        'INVALID_ARGUMENT',
        /weekday/,
      );
    }
    expect((await applicant(casey.email)).availability).toBe('');
    expectError(
      await deliver('forms', { eventId: 'x', formType: 'waiver' }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await deliver('forms', { eventId: 'x', formType: 'essay', email: casey.email }),
      400,
      'INVALID_ARGUMENT',
      /body\/formType/,
    );
    expectError(
      await deliver('scheduling', {
        eventId: 'x',
        type: 'interview.scheduled',
        email: casey.email,
      }),
      400,
      'INVALID_ARGUMENT',
      /startsAt/,
    );
    expectError(
      await deliver('forms', { eventId: 'x', formType: 'waiver', email: 'ghost@example.com' }),
      404,
      'NOT_FOUND',
    );
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/forms',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(text, 415, 'INVALID_ARGUMENT');
  });
});

describe('Twilio', () => {
  const sofiaCode = 'STU-20417';
  const inbound = (params: Record<string, string>, signature?: string) => {
    const body = new URLSearchParams(params);
    return server.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ?? twilioSignature(TWILIO.authToken, TWILIO.webhookUrl, Object.entries(params)),
      },
      payload: body.toString(),
    });
  };
  const reply = {
    MessageSid: 'SMin0001',
    AccountSid: TWILIO.accountSid,
    From: '+15550100111',
    To: '+15550190011',
    Body: 'Gracias, hasta el lunes',
    NumMedia: '0',
  };

  it('stores a guardian’s text once: a duplicate MessageSid is ignored', async () => {
    const first = await inbound(reply);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.body).toContain('<Response></Response>');
    expect((await inbound(reply)).statusCode).toBe(200);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'SMin0001'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      fromTutor: false,
      messageType: 'activity',
      deliveryStatus: 'received',
    });
    const [sofia] = await server.db
      .select()
      .from(students)
      .where(eq(students.studentCode, sofiaCode));
    const chat = (await api.post('/tutor/messages', { studentId: sofia?.id }, mayaToken)).json();
    expect(chat.messages.at(-1)).toMatchObject({
      body: 'Gracias, hasta el lunes',
      isFromTutor: 'No',
    });
  });

  it('401 for a bad or missing X-Twilio-Signature; unknown senders are not stored', async () => {
    expectError(
      await inbound({ ...reply, MessageSid: 'SMin0002' }, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='),
      401,
      'UNAUTHENTICATED',
    );
    const tampered = new URLSearchParams({ ...reply, MessageSid: 'SMin0003', Body: 'changed' });
    const goodSignature = twilioSignature(
      TWILIO.authToken,
      TWILIO.webhookUrl,
      Object.entries({ ...reply, MessageSid: 'SMin0003' }),
    );
    expectError(
      await server.app.inject({
        method: 'POST',
        url: '/api/webhooks/twilio/sms',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': goodSignature,
        },
        payload: tampered.toString(),
      }),
      401,
      'UNAUTHENTICATED',
    );
    const stranger = await inbound({ ...reply, MessageSid: 'SMin0004', From: '+15550109999' });
    expect(stranger.statusCode).toBe(200);
    for (const sid of ['SMin0002', 'SMin0003', 'SMin0004']) {
      expect(
        await server.db.select().from(messages).where(eq(messages.providerMessageId, sid)),
      ).toEqual([]);
    }
  });

  it('sends a tutor’s text through Twilio’s API from the forwarding number', async () => {
    const [sofia] = await server.db
      .select()
      .from(students)
      .where(eq(students.studentCode, sofiaCode));
    const response = await api.post(
      '/tutor/send-message',
      { studentId: sofia?.id, message: '¡Hola!' },
      mayaToken,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().deliveryStatus).toBe('queued');
    expect(Object.fromEntries(new URLSearchParams(twilioCalls.at(-1)))).toEqual({
      From: '+15550190011',
      To: '+15550100111',
      Body: '¡Hola!',
      StatusCallback: `${TWILIO.statusCallbackUrl}?messageId=${response.json().message.id}&attempt=0`,
    });
  });
});

describe('development routes', () => {
  it('GET /api/dev/outbox lists e-mails newest first as {to, subject, text, html, headers, messageId, sentAt}', async () => {
    await api.call('sendEmailSignInLink', { email: DEMO_APPLICANT_EMAILS.taylor });
    await server.app.backgroundTasks.settle();
    clock = new Date(NOW.getTime() + 1000);
    try {
      await api.call('sendEmailSignInLink', { email: DEMO_APPLICANT_EMAILS.jamie });
      await server.app.backgroundTasks.settle();
    } finally {
      clock = NOW;
    }
    const response = await api.get('/dev/outbox');
    expect(response.statusCode).toBe(200);
    const outbox = response.json();
    expect(outbox.map((m: { to: string }) => m.to).slice(0, 2)).toEqual([
      DEMO_APPLICANT_EMAILS.jamie,
      DEMO_APPLICANT_EMAILS.taylor,
    ]);
    expect(Object.keys(outbox[0]).sort()).toEqual([
      'headers',
      'html',
      'messageId',
      'sentAt',
      'subject',
      'text',
      'to',
    ]);
  });

  it('POST /api/dev/sms/inbound plays a guardian’s reply through the inbound path', async () => {
    const [amara] = await server.db
      .select()
      .from(students)
      .where(eq(students.studentCode, 'STU-20689'));
    const response = await api.post('/dev/sms/inbound', {
      studentId: amara?.id,
      body: 'See you Tuesday',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'stored',
      messageSid: expect.stringMatching(/^SMdev/),
    });
    const chat = (await api.post('/tutor/messages', { studentId: amara?.id }, mayaToken)).json();
    expect(chat.messages.at(-1)).toMatchObject({
      body: 'See you Tuesday',
      isFromTutor: 'No',
      messageType: 'activity',
    });
    expectError(
      await api.post('/dev/sms/inbound', { studentId: amara?.id }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await api.post('/dev/sms/inbound', { studentId: 'nope', body: 'x' }),
      404,
      'NOT_FOUND',
    );
  });

  it('the dev form page is accessible HTML without scripts, and completes tasks through the signed webhooks', async () => {
    const page = await api.get('/dev/forms');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(page.body).toMatch(/<label for="availability-[^"]+">/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const casey = await applicant(DEMO_APPLICANT_EMAILS.casey);
    expect(casey.liveTrainingAttended).toBe(false);
    const submit = await server.app.inject({
      method: 'POST',
      url: '/api/dev/forms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: casey.email, action: 'training.attended' }).toString(),
    });
    expect(submit.statusCode).toBe(303);
    expect(decodeURIComponent(String(submit.headers.location))).toContain('processed');
    expect((await applicant(casey.email)).liveTrainingAttended).toBe(true);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/dev/forms',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: casey.email,
        action: 'availability',
        availability: 'someday',
      }).toString(),
    });
    expect(decodeURIComponent(String(bad.headers.location))).toContain('is not a weekday');
  });
});

describe('in production', () => {
  it('has no dev routes, and no webhook whose secret or credentials are unset', async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent', PORT: '0' });
    expect(config.webhookSecrets).toEqual({ forms: undefined, scheduling: undefined });
    expect(config.devRoutes).toBe(false);
    const production = await buildApp(config, {
      database: server.database.handle,
      now: () => NOW,
      identity: {
        verifyIdToken: () => Promise.reject(new Error('no tokens in this test')),
        mintApplicantToken: () => Promise.reject(new Error('no tokens in this test')),
        close: async () => undefined,
      },
    });
    try {
      for (const [method, url] of [
        ['GET', '/api/dev/outbox'],
        ['GET', '/api/dev/forms'],
        ['GET', '/api/dev/sms/outbox'],
        ['POST', '/api/dev/sms/inbound'],
        ['POST', '/api/webhooks/forms'],
        ['POST', '/api/webhooks/scheduling'],
        ['POST', '/api/webhooks/twilio/sms'],
        ['POST', '/api/webhooks/twilio/status'],
        ['GET', '/api/dev/sms'],
        ['POST', '/api/dev/sms/status'],
        ['POST', '/api/dev/sms/refuse-next'],
        // Issue 35: nothing moves the production clock, nor plays a tutor's text.
        ['GET', '/api/dev/clock'],
        ['POST', '/api/dev/clock'],
        ['POST', '/api/dev/sms/tutor-reply'],
      ] as const) {
        const response = await production.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      // With secrets and credentials set, the webhooks exist (and check signatures).
      const configured = loadConfig({
        ...PRODUCTION_ENV,
        FORMS_WEBHOOK_SECRET: 's1',
        SCHEDULING_WEBHOOK_SECRET: 's2',
        // In Twilio's form: production refuses others (providers/settings.ts).
        TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: '1'.repeat(32),
        PUBLIC_URL: 'https://portal.example.org',
      });
      expect(configured.webhookSecrets).toEqual({ forms: 's1', scheduling: 's2' });
      expect(configured.twilio?.webhookUrl).toBe(
        'https://portal.example.org/api/webhooks/twilio/sms',
      );
      expect(configured.twilio?.statusCallbackUrl).toBe(
        'https://portal.example.org/api/webhooks/twilio/status',
      );
    } finally {
      await production.close();
    }
  });
});
