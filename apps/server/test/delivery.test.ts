// SMS delivery receipts: Twilio's status callbacks move a tutor's text forward (never back, never
// for an earlier attempt), the chat carries each text's state, Retry sends the same stored
// message again exactly once, and texts a crash left queued are sent again with backoff and a cap.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, students, tutors } from '../src/db/schema.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import {
  RESEND_ATTEMPT_LIMIT,
  RESEND_GRACE_MS,
  resendWaitingTexts,
} from '../src/modules/messages/delivery.ts';
import { createTwilioSms, twilioSignature } from '../src/providers/sms.ts';
import { createTranslationOff } from '../src/providers/translation.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const TWILIO = {
  accountSid: 'ACtest',
  authToken: 'twilio-test-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};

/** What the fake Twilio answers next: accept (with a status) or refuse. */
let twilioAnswer: 'queued' | 'refuse' = 'queued';
const twilioCalls: Array<Record<string, string>> = [];
const twilioFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
  // Twilio takes a moment: a second request can arrive meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (twilioAnswer === 'refuse') {
    return Response.json({ code: 30003, message: 'Unreachable destination' }, { status: 400 });
  }
  twilioCalls.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
  return Response.json({ sid: `SMout${twilioCalls.length}`, status: 'queued' }, { status: 201 });
}) as typeof fetch;

let server: TestApp;
let clock = NOW;
const api = caller(() => server.app);
let mayaToken = '';
let jordanToken = '';
let sofiaId = '';

beforeAll(async () => {
  server = await startTestApp({
    now: () => clock,
    config: { twilio: TWILIO, textResendIntervalMs: 0 },
    dependencies: { fetch: twilioFetch },
    fixtures: (db) => seedDemoData(db, { now: NOW }),
  });
  [mayaToken, jordanToken] = await Promise.all([
    googleIdToken({ email: DEMO_TUTOR_EMAILS.maya }),
    googleIdToken({ email: DEMO_TUTOR_EMAILS.jordan }),
  ]);
  const [sofia] = await server.db
    .select()
    .from(students)
    .where(eq(students.studentCode, 'STU-20417'));
  sofiaId = sofia?.id ?? '';
});
afterAll(() => server?.close());
beforeEach(() => {
  twilioAnswer = 'queued';
  clock = NOW;
});

/** Twilio's status callback for the text, signed over the exact URL it names. */
function statusCallback(
  reference: { messageId: string; attempt: number },
  params: Record<string, string>,
  signature?: string,
) {
  const query = `?messageId=${reference.messageId}&attempt=${reference.attempt}`;
  return server.app.inject({
    method: 'POST',
    url: `/api/webhooks/twilio/status${query}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature':
        signature ??
        twilioSignature(
          TWILIO.authToken,
          `${TWILIO.statusCallbackUrl}${query}`,
          Object.entries(params),
        ),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

async function send(text: string) {
  const response = await api.post(
    '/tutor/send-message',
    { studentId: sofiaId, message: text },
    mayaToken,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as { id: string };
}

async function stored(messageId: string) {
  const [row] = await server.db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) throw new Error(`no message ${messageId}`);
  return row;
}

async function chatStatus(messageId: string) {
  const chat = await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken);
  expectContract('getTutorMessages', chat);
  return (chat.json().messages as Array<{ id: string; deliveryStatus?: string }>).find(
    (message) => message.id === messageId,
  )?.deliveryStatus;
}

const sid = (n: number) => ({ MessageSid: `SMout${n}`, AccountSid: TWILIO.accountSid });

describe('status callbacks', () => {
  it('move a text queued → sent → delivered; duplicates and late reports change nothing', async () => {
    const text = await send('See you Monday!');
    expect(await chatStatus(text.id)).toBe('queued');
    const reference = { messageId: text.id, attempt: 0 };
    const n = twilioCalls.length;
    const etagBefore = (await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken))
      .headers.etag;

    expect((await statusCallback(reference, { ...sid(n), MessageStatus: 'sent' })).statusCode).toBe(
      204,
    );
    expect(await chatStatus(text.id)).toBe('sent');
    await statusCallback(reference, { ...sid(n), MessageStatus: 'delivered' });
    expect(await chatStatus(text.id)).toBe('delivered');
    // The poll sees the change: the conversation's tag is a new one.
    const etagAfter = (await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken)).headers
      .etag;
    expect(etagAfter).not.toBe(etagBefore);

    // A duplicate 'delivered', a late 'sent' and a late 'undelivered' leave it delivered.
    for (const MessageStatus of ['delivered', 'sent', 'queued', 'undelivered']) {
      expect((await statusCallback(reference, { ...sid(n), MessageStatus })).statusCode).toBe(204);
    }
    expect(await stored(text.id)).toMatchObject({
      deliveryStatus: 'delivered',
      providerMessageId: `SMout${n}`,
      errorCode: null,
    });
  });

  it("record 'undelivered' and 'failed' with Twilio's error code; the chat still shows the text", async () => {
    const undelivered = await send('Are you free Tuesday?');
    await statusCallback(
      { messageId: undelivered.id, attempt: 0 },
      { ...sid(twilioCalls.length), MessageStatus: 'undelivered', ErrorCode: '30003' },
    );
    expect(await stored(undelivered.id)).toMatchObject({
      deliveryStatus: 'undelivered',
      errorCode: '30003',
    });
    expect(await chatStatus(undelivered.id)).toBe('undelivered');

    const failed = await send('Reminder: bring the workbook.');
    await statusCallback(
      { messageId: failed.id, attempt: 0 },
      { ...sid(twilioCalls.length), MessageStatus: 'failed', ErrorCode: '30007' },
    );
    expect(await stored(failed.id)).toMatchObject({ deliveryStatus: 'failed', errorCode: '30007' });
    expect(await chatStatus(failed.id)).toBe('failed');
  });

  it('may overtake the answer of Twilio: the callback finds the text by the id in its URL', async () => {
    const [row] = await server.db
      .insert(messages)
      .values({
        studentId: sofiaId,
        body: 'Sent before the answer came back',
        fromTutor: true,
        deliveryStatus: 'queued',
        sentAt: NOW,
      })
      .returning();
    if (!row) throw new Error('not stored');
    await statusCallback(
      { messageId: row.id, attempt: 0 },
      { MessageSid: 'SMfast1', MessageStatus: 'delivered' },
    );
    expect(await stored(row.id)).toMatchObject({
      deliveryStatus: 'delivered',
      providerMessageId: 'SMfast1',
    });
  });

  it('401 for a bad signature or a changed URL; 204 and nothing for a text we do not know', async () => {
    const text = await send('Signed?');
    const reference = { messageId: text.id, attempt: 0 };
    const params = { ...sid(twilioCalls.length), MessageStatus: 'delivered' };
    expectError(
      await statusCallback(reference, params, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='),
      401,
      'UNAUTHENTICATED',
    );
    // Signed for attempt 0, sent for attempt 1: the URL is part of what Twilio signs.
    const signedForAttempt0 = twilioSignature(
      TWILIO.authToken,
      `${TWILIO.statusCallbackUrl}?messageId=${text.id}&attempt=0`,
      Object.entries(params),
    );
    expectError(
      await statusCallback({ ...reference, attempt: 1 }, params, signedForAttempt0),
      401,
      'UNAUTHENTICATED',
    );
    expect((await stored(text.id)).deliveryStatus).toBe('queued');
    const unknown = await statusCallback(
      { messageId: '00000000-0000-4000-8000-000000000000', attempt: 0 },
      params,
    );
    expect(unknown.statusCode).toBe(204);
    expectError(
      await statusCallback(reference, { MessageStatus: 'sent' }),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe('Retry', () => {
  async function undeliveredText(body: string) {
    const text = await send(body);
    await statusCallback(
      { messageId: text.id, attempt: 0 },
      { ...sid(twilioCalls.length), MessageStatus: 'undelivered', ErrorCode: '30003' },
    );
    return text;
  }

  it('sends the same stored message once, even when pressed twice at the same moment', async () => {
    const text = await undeliveredText('¿Nos vemos el jueves?');
    const before = twilioCalls.length;
    const [first, second] = await Promise.all([
      api.post('/tutor/retry-message', { messageId: text.id }, mayaToken),
      api.post('/tutor/retry-message', { messageId: text.id }, mayaToken),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expectContract('retryTutorMessage', first);
    expect(twilioCalls.length - before).toBe(1);
    expect(twilioCalls.at(-1)).toMatchObject({
      Body: '¿Nos vemos el jueves?',
      StatusCallback: `${TWILIO.statusCallbackUrl}?messageId=${text.id}&attempt=1`,
    });
    expect(await stored(text.id)).toMatchObject({
      deliveryStatus: 'queued',
      attempt: 1,
      providerMessageId: `SMout${twilioCalls.length}`,
      errorCode: null,
    });
    // One message, not two, in the chat.
    const chat = (await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken)).json();
    expect(
      chat.messages.filter((m: { body: string }) => m.body === '¿Nos vemos el jueves?'),
    ).toHaveLength(1);

    // A late callback of the first attempt changes nothing; one of the second attempt does.
    await statusCallback(
      { messageId: text.id, attempt: 0 },
      { MessageSid: 'SMold', MessageStatus: 'undelivered', ErrorCode: '30003' },
    );
    expect((await stored(text.id)).deliveryStatus).toBe('queued');
    await statusCallback(
      { messageId: text.id, attempt: 1 },
      { ...sid(twilioCalls.length), MessageStatus: 'delivered' },
    );
    expect(await chatStatus(text.id)).toBe('delivered');

    // Retrying a delivered text sends nothing and answers it as it stands.
    const again = await api.post('/tutor/retry-message', { messageId: text.id }, mayaToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().deliveryStatus).toBe('delivered');
    expect(twilioCalls.length - before).toBe(1);
  });

  it('refused again: 503, the text stays in the chat as failed, and a later retry sends it', async () => {
    const text = await undeliveredText('Last try?');
    twilioAnswer = 'refuse';
    const refused = await api.post('/tutor/retry-message', { messageId: text.id }, mayaToken);
    expect(expectError(refused, 503, 'UNAVAILABLE').details).toEqual({
      messageId: text.id,
      deliveryStatus: 'failed',
      // Twilio's code of the refusal, in words.
      failure: { code: '30003', reason: 'the phone was unreachable' },
    });
    expect(await chatStatus(text.id)).toBe('failed');
    twilioAnswer = 'queued';
    const retried = await api.post('/tutor/retry-message', { messageId: text.id }, mayaToken);
    expect(retried.json()).toMatchObject({ deliveryStatus: 'queued', message: { id: text.id } });
    expect((await stored(text.id)).attempt).toBe(2);
  });

  it("404 for another tutor's text, an unknown id or a guardian's reply; 400 for no id", async () => {
    const text = await undeliveredText('Only mine');
    expectError(
      await api.post('/tutor/retry-message', { messageId: text.id }, jordanToken),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.post(
        '/tutor/retry-message',
        { messageId: '00000000-0000-4000-8000-000000000000' },
        mayaToken,
      ),
      404,
      'NOT_FOUND',
    );
    const [reply] = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.studentId, sofiaId), eq(messages.fromTutor, false)))
      .limit(1);
    if (reply) {
      expectError(
        await api.post('/tutor/retry-message', { messageId: reply.id }, mayaToken),
        404,
        'NOT_FOUND',
      );
    }
    expectError(await api.post('/tutor/retry-message', {}, mayaToken), 400, 'INVALID_ARGUMENT');
    expectError(
      await api.post('/tutor/retry-message', { messageId: text.id }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await stored(text.id)).deliveryStatus).toBe('undelivered');
  });

  it('a text refused on its first send stays out of the chat (the portal keeps it in the composer)', async () => {
    twilioAnswer = 'refuse';
    const refused = await api.post(
      '/tutor/send-message',
      { studentId: sofiaId, message: 'Refused at once' },
      mayaToken,
    );
    const { details } = expectError(refused, 503, 'UNAVAILABLE');
    expect(await chatStatus(String(details?.messageId))).toBeUndefined();
    expect(await stored(String(details?.messageId))).toMatchObject({
      deliveryStatus: 'failed',
      attempt: 0,
    });
  });
});

describe('delivery outcomes for the staff side', () => {
  it('lists what changed since a time, with the error code and never the words', async () => {
    const { key } = await createIntegrationKey(server.db, {
      name: 'staff-reports',
      scope: 'read',
      now: NOW,
    });
    const outcomes = (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/integration/v1/messages${query}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const text = await send('Reading for the staff side');
    const since = new Date(Date.now() - 1);
    await statusCallback(
      { messageId: text.id, attempt: 0 },
      { ...sid(twilioCalls.length), MessageStatus: 'undelivered', ErrorCode: '30005' },
    );
    // The feed shows a change once every transaction older than it has ended, in any database of
    // the PostgreSQL server (transaction ids are the server's): another test file's transaction
    // may hold it back for a moment.
    const changedSince = () => outcomes(`?updatedSince=${encodeURIComponent(since.toISOString())}`);
    await expect
      .poll(async () => (await changedSince()).json().messages.length, { timeout: 10_000 })
      .toBe(1);
    const changed = await changedSince();
    expectContract('listIntegrationMessages', changed);
    expect(changed.json().messages).toEqual([
      expect.objectContaining({
        id: text.id,
        direction: 'outbound',
        deliveryStatus: 'undelivered',
        errorCode: '30005',
        attempt: 0,
        studentCode: 'STU-20417',
      }),
    ]);
    expect(changed.body).not.toContain('Reading for the staff side');

    // Page by page, every text once.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await outcomes(`?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      for (const message of page.json().messages as Array<{ id: string }>) {
        expect(seen.has(message.id)).toBe(false);
        seen.add(message.id);
      }
      cursor = page.json().nextCursor;
    } while (cursor);
    const [{ count } = { count: 0 }] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages);
    expect(seen.size).toBe(count);
  });
});

describe('texts left queued by a crash', () => {
  async function leftQueued(body: string, minutesAgo = 5) {
    const [maya] = await server.db
      .select()
      .from(tutors)
      .where(eq(tutors.email, DEMO_TUTOR_EMAILS.maya));
    const [row] = await server.db
      .insert(messages)
      .values({
        studentId: sofiaId,
        tutorId: maya?.id ?? null,
        body,
        fromTutor: true,
        deliveryStatus: 'queued',
        sentAt: new Date(NOW.getTime() - minutesAgo * 60_000),
        nextAttemptAt: new Date(NOW.getTime() - minutesAgo * 60_000 + RESEND_GRACE_MS),
      })
      .returning();
    if (!row) throw new Error('not stored');
    return row;
  }
  const resend = () =>
    resendWaitingTexts({
      db: server.db,
      sms: createTwilioSms({ ...TWILIO, fetch: twilioFetch }),
      translation: createTranslationOff(),
      log: server.app.log,
      now: clock,
      timeZone: 'America/New_York',
    });

  it('are sent once after their grace time; a text still in its request is left alone', async () => {
    const waiting = await leftQueued('Left queued');
    const inFlight = await leftQueued('Still being sent', 0);
    const before = twilioCalls.length;
    expect(await resend()).toMatchObject({ accepted: 1 });
    expect(twilioCalls.length - before).toBe(1);
    expect(twilioCalls.at(-1)).toMatchObject({ Body: 'Left queued' });
    expect(await stored(waiting.id)).toMatchObject({
      deliveryStatus: 'queued',
      attempt: 1,
      providerMessageId: `SMout${twilioCalls.length}`,
      nextAttemptAt: null,
    });
    // Accepted by the provider: never sent again.
    expect(await resend()).toMatchObject({ accepted: 0 });
    expect(twilioCalls.length - before).toBe(1);
    expect((await stored(inFlight.id)).attempt).toBe(0);
    // Its request would finish it; out of the next test's way.
    await server.db.delete(messages).where(eq(messages.id, inFlight.id));
  });

  it('back off while the provider refuses them, then fail after the cap (and offer Retry)', async () => {
    const waiting = await leftQueued('The provider is down');
    twilioAnswer = 'refuse';
    const waits: number[] = [];
    for (let attempt = 1; attempt <= RESEND_ATTEMPT_LIMIT; attempt += 1) {
      expect(await resend()).toMatchObject({ refused: 1 });
      const row = await stored(waiting.id);
      expect(row).toMatchObject({ deliveryStatus: 'queued', attempt });
      const next = row.nextAttemptAt?.getTime() ?? 0;
      waits.push((next - clock.getTime()) / 60_000);
      // Not due yet: nothing happens before the wait is over.
      expect(await resend()).toMatchObject({ refused: 0 });
      clock = new Date(next);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    expect(await resend()).toMatchObject({ gaveUp: 1 });
    expect(await stored(waiting.id)).toMatchObject({ deliveryStatus: 'failed' });
    expect(await chatStatus(waiting.id)).toBe('failed');
  });
});

describe('a server that starts with texts left queued', () => {
  it('sends them at once', async () => {
    const calls: string[] = [];
    const restarted = await startTestApp({
      now: () => NOW,
      config: { twilio: TWILIO, textResendIntervalMs: 60_000 },
      dependencies: {
        fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
          calls.push(String(init?.body));
          return Response.json(
            { sid: `SMstart${calls.length}`, status: 'queued' },
            { status: 201 },
          );
        }) as typeof fetch,
      },
      fixtures: async (db) => {
        await seedDemoData(db, { now: NOW });
        const [sofia] = await db
          .select()
          .from(students)
          .where(eq(students.studentCode, 'STU-20417'));
        await db.insert(messages).values({
          studentId: sofia?.id ?? '',
          body: 'Queued when the server stopped',
          fromTutor: true,
          deliveryStatus: 'queued',
          sentAt: new Date(NOW.getTime() - 10 * 60_000),
        });
      },
    });
    try {
      await expect.poll(() => calls.length).toBe(1);
      expect(Object.fromEntries(new URLSearchParams(calls[0]))).toMatchObject({
        Body: 'Queued when the server stopped',
      });
    } finally {
      await restarted.close();
    }
  });
});

describe('the development SMS provider and page', () => {
  it('plays each outcome through the status code path, and refuses texts when told to', async () => {
    const dev = await startTestApp({
      now: () => NOW,
      config: { twilio: undefined, textResendIntervalMs: 0 },
      fixtures: (db) => seedDemoData(db, { now: NOW }),
    });
    const devApi = caller(() => dev.app);
    try {
      const [sofia] = await dev.db
        .select()
        .from(students)
        .where(eq(students.studentCode, 'STU-20417'));
      const sent = await devApi.post(
        '/tutor/send-message',
        { studentId: sofia?.id, message: 'Played by the dev page' },
        mayaToken,
      );
      expect(sent.json().deliveryStatus).toBe('sent');
      const messageId = sent.json().message.id as string;

      const page = await dev.app.inject({ method: 'GET', url: '/api/dev/sms' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Played by the dev page');
      // Not delivered, with each error code the chat names in words to choose from.
      expect(page.body).toContain(
        '<option value="30003">30003: the phone was unreachable</option>',
      );
      expect(page.body).toContain(
        '<option value="30007">30007: the carrier blocked it as spam</option>',
      );
      expect(page.body).toContain('value="undelivered">Not delivered</button>');

      // The page's form: redirected back with what happened.
      const played = await dev.app.inject({
        method: 'POST',
        url: '/api/dev/sms/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ messageId, status: 'undelivered' }).toString(),
      });
      expect(played.statusCode).toBe(303);
      expect(played.headers.location).toMatch(/^\/api\/dev\/sms\?result=/);
      const [row] = await dev.db.select().from(messages).where(eq(messages.id, messageId));
      expect(row).toMatchObject({ deliveryStatus: 'undelivered', errorCode: '30003' });

      // The dev provider refuses the next text: a retry answers 503 and the text shows failed.
      const refuse = await devApi.post('/dev/sms/refuse-next', { count: 1 });
      expect(refuse.json()).toEqual({ refusing: 1 });
      expectError(
        await devApi.post('/tutor/retry-message', { messageId }, mayaToken),
        503,
        'UNAVAILABLE',
      );
      const retried = await devApi.post('/tutor/retry-message', { messageId }, mayaToken);
      expect(retried.json().deliveryStatus).toBe('sent');
      const delivered = await devApi.post('/dev/sms/status', { messageId, status: 'delivered' });
      expect(delivered.json()).toEqual({ status: 'applied' });
      const outbox = (await devApi.get('/dev/sms/outbox')).json() as Array<{ body: string }>;
      // The first send and the one successful retry: the refused one never reached the outbox.
      expect(outbox.filter((text) => text.body === 'Played by the dev page')).toHaveLength(2);
      expectError(
        await devApi.post('/dev/sms/status', { messageId, status: 'lost' }),
        400,
        'INVALID_ARGUMENT',
      );
    } finally {
      await dev.close();
    }
  });
});
