// Issue 36, item 6: a whole API session (a tutor's and an applicant's sign-ins, magic links,
// texts Twilio takes and refuses, a family's reply, a failed query, an integration import) leaves
// none of the seeded e-mail addresses, phone numbers, message bodies or key hashes in the log.
// The app's own logger writes to a stream the test reads (its serializers and redaction as built).
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicants,
  integrationKeys,
  messages,
  notificationSettings,
  rateLimitCounters,
  students,
  tutors,
} from '../src/db/schema.ts';
import { serializeError } from '../src/http/log-redaction.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { createDevOutboxMail, type MailMessage } from '../src/providers/mail.ts';
import { twilioSignature } from '../src/providers/sms.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';
import { googleIdToken, signInWithCustomToken } from './support/emulator.ts';
import { captureLog } from './support/log-capture.ts';

const logLines: string[] = [];

const TWILIO = {
  accountSid: 'ACtest',
  authToken: 'twilio-test-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};
const SOFIA = { code: 'STU-20417', guardian: '+15550100111', forwarding: '+15550190011' };
const SENT_TEXT = 'Sofia read two whole chapters today, well done';
const REFUSED_TEXT = 'Reminder: bring the fractions worksheet on Monday';
const REPLY_TEXT = 'Gracias, nos vemos el lunes a las cinco';
const IMPORTED = { email: 'riley.import@tutoring.example.org', phone: '+15550104242' };

let server: TestApp;
const api = caller(() => server.app);
const sentMail: MailMessage[] = [];
let twilioRefuses = false;
let mailRunsAFailingQuery = false;

beforeAll(async () => {
  server = await startTestApp({
    config: { logLevel: 'trace', twilio: TWILIO },
    fixtures: (db) => seedDemoData(db, { now: new Date() }),
    dependencies: {
      fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        const to = new URLSearchParams(String(init?.body)).get('To');
        // Twilio's own wording quotes the number it refused.
        if (twilioRefuses) {
          return Response.json(
            { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` },
            { status: 400 },
          );
        }
        return Response.json({ sid: `SM${Date.now()}`, status: 'queued' }, { status: 201 });
      }) as typeof fetch,
      mail: {
        kind: 'smtp',
        async send(message) {
          if (mailRunsAFailingQuery) {
            // A failed query whose parameters are the applicant's address and name: a unique
            // violation on the tutors' e-mail, as a bug in a provider or module could cause.
            await server.db.insert(tutors).values({
              tutorCode: 'TUT-DUPLICATE',
              externalRecordId: 'recDuplicate',
              firstName: 'Duplicate',
              lastName: message.to,
              email: DEMO_TUTOR_EMAILS.maya,
            });
          }
          sentMail.push(message);
        },
        close: () => undefined,
      },
    },
  });
  captureLog(server.app, logLines);
});
afterAll(() => server?.close());

async function requestMagicLink(email: string, ip: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/functions/sendEmailSignInLink?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ data: { email } }),
  });
  await server.app.backgroundTasks.settle();
  return response;
}

async function applicantSession() {
  const email = DEMO_APPLICANT_EMAILS.taylor;
  expect((await requestMagicLink(email, '10.9.0.1')).statusCode).toBe(200);
  const link = new URL(sentMail.at(-1)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
  const exchange = await api.call('getCustomAuthToken', {
    stepUpToken: link.searchParams.get('stepupToken'),
  });
  expect(exchange.statusCode, exchange.body).toBe(200);
  const idToken = await signInWithCustomToken(exchange.json().result.customToken);
  expect((await api.call('getOnboardingTutor', {}, idToken)).statusCode).toBe(200);
  // An address with no applicant, and a link that fails on a query in the background.
  expect((await requestMagicLink('nobody.known@example.com', '10.9.0.2')).statusCode).toBe(200);
  mailRunsAFailingQuery = true;
  expect((await requestMagicLink(DEMO_APPLICANT_EMAILS.sam, '10.9.0.3')).statusCode).toBe(200);
  mailRunsAFailingQuery = false;
}

async function tutorSession() {
  const maya = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
  expect((await api.get('/tutor', maya)).statusCode).toBe(200);
  const [sofia] = await server.db
    .select()
    .from(students)
    .where(eq(students.studentCode, SOFIA.code));
  const send = (message: string) =>
    api.post('/tutor/send-message', { studentId: sofia?.id, message }, maya);
  expect((await send(SENT_TEXT)).statusCode).toBe(201);
  twilioRefuses = true;
  await send(REFUSED_TEXT);
  twilioRefuses = false;

  const reply = {
    MessageSid: 'SMin-logs-0001',
    AccountSid: TWILIO.accountSid,
    From: SOFIA.guardian,
    To: SOFIA.forwarding,
    Body: REPLY_TEXT,
    NumMedia: '0',
  };
  const inbound = await server.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(
        TWILIO.authToken,
        TWILIO.webhookUrl,
        Object.entries(reply),
      ),
    },
    payload: new URLSearchParams(reply).toString(),
  });
  expect(inbound.statusCode).toBe(200);
  expect((await api.post('/tutor/messages', { studentId: sofia?.id }, maya)).statusCode).toBe(200);
}

async function integrationImport() {
  const { key } = await createIntegrationKey(server.db, {
    name: 'logs-test',
    scope: 'write',
    now: new Date(),
  });
  const row = (recordId: string, email: string) => ({
    recordId,
    tutorCode: `T-${recordId}`,
    firstName: 'Riley',
    lastName: 'Import',
    email,
  });
  const upsert = (rows: unknown[]) =>
    api.post('/integration/v1/tutors', { rows }, undefined, { authorization: `Bearer ${key}` });
  expect((await upsert([row('logs-1', IMPORTED.email)])).statusCode).toBeLessThan(300);
  // A second record with a taken address, and a row the contract refuses.
  await upsert([row('logs-2', DEMO_TUTOR_EMAILS.jordan)]);
  await upsert([{ ...row('logs-3', 'not-an-address'), phone: IMPORTED.phone }]);
  return key;
}

/** Everything personal the database holds after the session, and the integration key. */
async function personalData(key: string): Promise<string[]> {
  const db = server.db;
  const values = [
    ...(await db.select({ v: tutors.email }).from(tutors)).map((r) => r.v),
    ...(await db.select({ v: applicants.email }).from(applicants)).map((r) => r.v),
    ...(await db.select({ v: applicants.phone }).from(applicants)).map((r) => r.v),
    ...(await db.select({ v: students.guardianPhone }).from(students)).map((r) => r.v),
    ...(await db.select({ v: notificationSettings.phone }).from(notificationSettings)).map(
      (r) => r.v,
    ),
    ...(await db.select({ v: messages.body }).from(messages)).map((r) => r.v),
    ...(await db.select({ v: integrationKeys.keyHash }).from(integrationKeys)).map((r) => r.v),
    ...Object.values(DEMO_APPLICANT_EMAILS),
    'nobody.known@example.com',
    IMPORTED.email,
    IMPORTED.phone,
    key,
  ];
  const needles = new Set<string>();
  for (const value of values) {
    // Short bodies ("Hi!") could match anything; a phone also in its national form.
    if (!value || value.length < 8) continue;
    needles.add(value);
    needles.add(value.toLowerCase());
    needles.add(JSON.stringify(value).slice(1, -1));
    if (/^\+1\d{10}$/.test(value)) needles.add(value.slice(2));
  }
  return [...needles];
}

describe('logs without personal data', () => {
  it('a full API session logs none of the e-mail addresses, phone numbers, texts or key hashes', async () => {
    await tutorSession();
    await applicantSession();
    const key = await integrationImport();
    const log = logLines.join('');

    // The session was logged, failures included, by their codes.
    expect(log).toContain('request completed');
    expect(log).toMatch(/"code":"23505"/); // the failed query's unique violation
    expect(log).toContain('21211'); // Twilio's refusal
    expect(sentMail.length).toBeGreaterThan(0);

    const needles = await personalData(key);
    expect(needles).toContain(SOFIA.guardian);
    expect(needles).toContain(REPLY_TEXT);
    const found = needles.filter((needle) => log.includes(needle));
    expect(found).toEqual([]);
  });

  it('rate-limit counters hold keyed digests, never the e-mail or client address', async () => {
    expect((await requestMagicLink('counted.address@example.com', '10.9.0.9')).statusCode).toBe(
      200,
    );
    const keys = (await server.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters))
      .map((row) => row.key)
      .join('\n');
    expect(keys).toMatch(/^signin-email:[A-Za-z0-9_-]{43}$/m);
    for (const value of ['counted.address@example.com', '10.9.0.9', DEMO_APPLICANT_EMAILS.taylor]) {
      expect(keys).not.toContain(value);
    }
  });

  it('the development outbox logs the subject of an e-mail, not its address or links', async () => {
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as never;
    const outbox = createDevOutboxMail(server.db, log, () => new Date());
    await outbox.send({
      to: DEMO_APPLICANT_EMAILS.casey,
      subject: 'Your sign-in link',
      text: `https://portal.example.org/signin?email=${DEMO_APPLICANT_EMAILS.casey}&stepupToken=x`,
      html: '',
    });
    expect(JSON.stringify(lines)).toContain('Your sign-in link');
    expect(JSON.stringify(lines)).not.toContain(DEMO_APPLICANT_EMAILS.casey);
  });
  it('the error serializer keeps codes and names, never a query’s parameters or a row’s values', () => {
    const database = Object.assign(
      new Error('invalid input syntax for type uuid: "sam.rivera@example.com"'),
      {
        code: '22P02',
        severity: 'ERROR',
        detail: 'Key (email)=(sam.rivera@example.com) already exists.',
        where: "unnamed portal parameter $1 = '+15550100111'",
        parameters: ['sam.rivera@example.com', '+15550100111'],
        params: ['Gracias, nos vemos'],
        query: 'select * from tutors where email = $1',
      },
    );
    const failed = new DrizzleQueryError(
      'select * from tutors where email = $1',
      ['x@y.org'],
      database,
    );
    const smtp = Object.assign(new Error('Recipient <sam.rivera@example.com> rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
      rejected: ['sam.rivera@example.com'],
    });
    const logged = JSON.stringify([serializeError(failed), serializeError(smtp)]);
    for (const value of [
      'sam.rivera@example.com',
      '+15550100111',
      'Gracias',
      'x@y.org',
      'email = $1',
    ]) {
      expect(logged).not.toContain(value);
    }
    expect(serializeError(failed)).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: "[value]"' },
    });
    expect(serializeError(smtp)).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
  });
});
