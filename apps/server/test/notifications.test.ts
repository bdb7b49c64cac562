// Issue 35, the tutor reached outside the portal: a family's reply still unread after the reply
// delay, or a text that ended Not delivered, becomes one notification (an e-mail with a text and
// an HTML part and a one-click unsubscribe, or a text to the tutor's verified phone), batched per
// tutor, held through the tutor's quiet hours; the settings that choose it. Played on the running
// app through the development routes the e2e tests use: replies through /api/dev/sms/inbound, the
// clock moved (and the scheduler run) by POST /api/dev/clock, what was sent read from the outboxes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open.ts';
import { messages, notificationSettings } from '../src/db/schema.ts';
import { applyStatusReport } from '../src/modules/messages/delivery.ts';
import { failureReasonOf } from '../src/modules/messages/delivery-failure.ts';
import { firstWords } from '../src/modules/notifications/content.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken, uniqueEmail } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const START = new Date('2026-06-10T16:00:00Z'); // 12:00 in New York (EDT)
const MINUTE = 60_000;
const emails = {
  sam: uniqueEmail('notify.sam', ORG),
  tess: uniqueEmail('notify.tess', ORG),
  quinn: uniqueEmail('notify.quinn', ORG),
};
const ids = { sam: '', tess: '', quinn: '', lena: '', omar: '', tia: '', quin1: '', quin2: '' };
const tokens = { sam: '', tess: '', quinn: '' };
const TESS_PHONE = '+15557770001';

let server: TestApp;
let db: Database;
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    now: () => START,
    config: { twilio: undefined, textResendIntervalMs: 0, publicUrl: 'https://portal.example.org' },
    fixtures: async (database) => {
      let n = 0;
      const tutor = (name: string, email: string) =>
        insertTutor(database, {
          tutorCode: `TUT-NT-${name}`,
          externalRecordId: `recNotify${name}`,
          firstName: name,
          lastName: 'Notify',
          email,
        });
      const student = (firstName: string, tutorId: string) => {
        n += 1;
        return insertStudent(database, {
          tutorId,
          studentCode: `STU-NT-${n}`,
          firstName,
          lastName: 'Park',
          guardianFirstName: 'Ana',
          guardianPhone: `+1555030${String(n).padStart(4, '0')}`,
          forwardingNumber: `+1555039${String(n).padStart(4, '0')}`,
        });
      };
      const [sam, tess, quinn] = await Promise.all([
        tutor('Sam', emails.sam),
        tutor('Tess', emails.tess),
        tutor('Quinn', emails.quinn),
      ]);
      Object.assign(ids, {
        sam: sam.id,
        tess: tess.id,
        quinn: quinn.id,
        lena: (await student('Lena', sam.id)).id,
        omar: (await student('Omar', sam.id)).id,
        tia: (await student('Tia', tess.id)).id,
        quin1: (await student('Ivy', quinn.id)).id,
        quin2: (await student('Jon', quinn.id)).id,
      });
    },
  });
  db = server.db;
  [tokens.sam, tokens.tess, tokens.quinn] = await Promise.all([
    googleIdToken({ email: emails.sam }),
    googleIdToken({ email: emails.tess }),
    googleIdToken({ email: emails.quinn }),
  ]);
});
afterAll(() => server?.close());

/** Moves the app's clock (and runs one pass of the scheduler) as the e2e tests do. */
async function clock(move: { advanceMs: number } | { to: string }): Promise<Date> {
  const response = await api.post('/dev/clock', move);
  expect(response.statusCode, response.body).toBe(200);
  return new Date(response.json().now);
}
const advance = (minutes: number) => clock({ advanceMs: minutes * MINUTE });
const now = async () => new Date((await api.get('/dev/clock')).json().now);

/** A family's reply, through the inbound-text path; the stored message's id. */
async function reply(studentId: string, body: string): Promise<string> {
  const response = await api.post('/dev/sms/inbound', { studentId, body });
  expect(response.statusCode, response.body).toBe(201);
  const [stored] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.providerMessageId, response.json().messageSid));
  return stored?.id as string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
/** The notification e-mails sent to this address, oldest first. */
async function mailsTo(address: string): Promise<OutboxMail[]> {
  const all = (await api.get('/dev/outbox')).json() as OutboxMail[];
  return all.filter((mail) => mail.to === address).reverse();
}
async function textsTo(phone: string): Promise<Array<{ from: string; body: string }>> {
  const all = (await api.get('/dev/sms/outbox')).json() as Array<{
    from: string;
    to: string;
    body: string;
  }>;
  return all.filter((text) => text.to === phone).reverse();
}

describe('a family waiting: one e-mail, batched, and none for a reply read in time', () => {
  it('tells the tutor of a reply still unread after the delay, once', async () => {
    await reply(ids.lena, 'Hola, mañana Lena no puede venir, tiene dentista a las cuatro.');
    await advance(9);
    expect(await mailsTo(emails.sam)).toHaveLength(0);
    await advance(1);
    const [mail, ...more] = await mailsTo(emails.sam);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Lena Park's family replied");
    expect(mail?.text).toContain(
      "Lena Park's family replied: “Hola, mañana Lena no puede venir, tiene dentista a las cuatro.”",
    );
    // The chat's path in the portal: it goes through sign-in and lands on the chat.
    const chat = `https://portal.example.org/tutoring/messenger/${ids.lena}`;
    expect(mail?.text).toContain(`Open the chat: ${chat}`);
    expect(mail?.html).toContain(`<a href="${chat}">`);
    expect(mail?.html).toContain('Lena Park&#39;s family replied');
    expect(mail?.html).not.toMatch(/<img|<script|tracking/i);
    expect(mail?.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/portal\.example\.org\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/,
    );
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Nothing more for the same reply on later passes.
    await advance(60);
    expect(await mailsTo(emails.sam)).toHaveLength(1);
  });

  it('sends at most one per batching window, listing every waiting conversation', async () => {
    const last = (
      await db.select().from(notificationSettings).where(eq(notificationSettings.tutorId, ids.sam))
    )[0]?.lastNotifiedAt as Date;
    // A new window: the last notification was 60 minutes ago.
    expect((await now()).getTime() - last.getTime()).toBeGreaterThanOrEqual(30 * MINUTE);
    await reply(ids.omar, 'Thank you!');
    await advance(10);
    expect(await mailsTo(emails.sam)).toHaveLength(2);
    await reply(ids.lena, 'Is Thursday better?');
    await advance(1);
    await reply(ids.omar, 'He finished the worksheet.');
    await advance(10);
    await advance(10);
    // Within 30 minutes of the last one: nothing yet.
    expect(await mailsTo(emails.sam)).toHaveLength(2);
    await advance(10);
    const mails = await mailsTo(emails.sam);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe('2 conversations are waiting for you: Lena Park, Omar Park');
    expect(mails[2]?.text).toContain("Lena Park's family replied: “Is Thursday better?”");
    expect(mails[2]?.text).toContain("Omar Park's family replied: “He finished the worksheet.”");
    expect(mails[2]?.text).toContain(`/tutoring/messenger/${ids.lena}`);
    expect(mails[2]?.text).toContain(`/tutoring/messenger/${ids.omar}`);
  });

  it('sends nothing for a reply the tutor read in the portal before the delay', async () => {
    await advance(40);
    const before = (await mailsTo(emails.sam)).length;
    const id = await reply(ids.lena, 'See you then');
    await advance(5);
    const read = await api.post(
      '/tutor/mark-messages-read',
      { studentId: ids.lena, messageId: id },
      tokens.sam,
    );
    expect(read.statusCode, read.body).toBe(200);
    await advance(10);
    await advance(40);
    expect(await mailsTo(emails.sam)).toHaveLength(before);
  });

  it('tells of a text that ended Not delivered, with the chat’s reason', async () => {
    const sent = await api.post(
      '/tutor/send-message',
      { studentId: ids.omar, message: 'Our session moves to 5pm.' },
      tokens.sam,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json().message.id as string;
    const at = await now();
    expect(
      await applyStatusReport(db, {
        messageId,
        attempt: 0,
        status: 'undelivered',
        errorCode: '30007',
        at,
      }),
    ).toBe('applied');
    const before = (await mailsTo(emails.sam)).length;
    await advance(10);
    const mails = await mailsTo(emails.sam);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe("Your text to Omar Park's family did not reach them");
    expect(mails.at(-1)?.text).toContain(
      `Your text to Omar Park's family was not delivered: ${failureReasonOf('30007')}.`,
    );
  });

  it('shows a reply’s English where the chat shows a translation', () => {
    expect(
      firstWords({ body: 'Gracias, maestra', translatedBody: 'Thank you, teacher', mediaCount: 0 }),
    ).toBe('Thank you, teacher');
    expect(firstWords({ body: '', translatedBody: null, mediaCount: 1 })).toBe('(a photo)');
    expect(firstWords({ body: 'word '.repeat(60), translatedBody: null, mediaCount: 0 })).toMatch(
      /^(word ){10,}.*…$/,
    );
  });
});

describe('one-click unsubscribe (RFC 8058), without signing in', () => {
  const unsubscribeUrl = async () => {
    const header = (await mailsTo(emails.sam))[0]?.headers['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    return `${url.pathname}${url.search}`;
  };

  it('shows a page that asks, and changes nothing', async () => {
    const page = await server.app.inject({ method: 'GET', url: await unsubscribeUrl() });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain(emails.sam);
    const settings = await api.get('/tutor/notification-settings', tokens.sam);
    expect(settings.json().channel).toBe('email');
  });

  it('refuses a forged or broken token with a 4xx JSON error', async () => {
    const url = await unsubscribeUrl();
    const forged = url.replace(ids.sam, ids.tess);
    for (const path of [
      forged,
      `${url.slice(0, -2)}xx`,
      '/api/notifications/unsubscribe?token=x',
    ]) {
      const shown = await server.app.inject({ method: 'GET', url: path });
      expect(shown.statusCode).toBeGreaterThanOrEqual(400);
      expect(shown.statusCode).toBeLessThan(500);
      expect(shown.headers['content-type']).toMatch(/^application\/json/);
      const posted = await server.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(posted.statusCode).toBeGreaterThanOrEqual(400);
      expect(posted.statusCode).toBeLessThan(500);
    }
    expect((await api.get('/tutor/notification-settings', tokens.tess)).json().channel).toBe(
      'email',
    );
  });

  it('turns the e-mails off with the one-click POST, and only that', async () => {
    const before = (await api.get('/tutor/notification-settings', tokens.sam)).json();
    const posted = await server.app.inject({
      method: 'POST',
      url: await unsubscribeUrl(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = await api.get('/tutor/notification-settings', tokens.sam);
    expectContract('getTutorNotificationSettings', after);
    expect(after.json()).toEqual({ ...before, channel: 'none' });
    const count = (await mailsTo(emails.sam)).length;
    await reply(ids.lena, 'Are you there?');
    await advance(40);
    expect(await mailsTo(emails.sam)).toHaveLength(count);
  });
});

describe('settings: a verified phone, text notifications, STOP and START from the tutor', () => {
  it('has defaults: e-mail, the organisation’s quiet hours and time zone', async () => {
    const response = await api.get('/tutor/notification-settings', tokens.tess);
    expectContract('getTutorNotificationSettings', response);
    expect(response.json()).toEqual({
      channel: 'email',
      email: emails.tess,
      phone: null,
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'America/New_York',
      replyDelayMinutes: 10,
    });
  });

  it('refuses texts without a verified phone, and a time zone that is none', async () => {
    const settings = { channel: 'text', quietHours: null, timeZone: 'America/New_York' };
    const put = (body: unknown) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/tutor/notification-settings',
        headers: { authorization: `Bearer ${tokens.tess}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expectError(await put(settings), 409, 'ABORTED', /verified phone/);
    expectError(
      await put({ ...settings, channel: 'email', timeZone: 'Mars/Base' }),
      400,
      'INVALID_ARGUMENT',
    );
    const changed = await put({ ...settings, channel: 'email' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().quietHours).toBeNull();
  });

  it('verifies the phone with a six-digit code texted to it, stored only hashed', async () => {
    const started = await api.post(
      '/tutor/notification-settings/phone',
      { phone: TESS_PHONE },
      tokens.tess,
    );
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().phone).toEqual({ number: TESS_PHONE, verified: false });
    const [text] = await textsTo(TESS_PHONE);
    expect(text?.from).toBe('+15550100000');
    const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1] as string;
    const [row] = await db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.tutorId, ids.tess));
    expect(row?.codeHash).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (c: string) =>
      api.post('/tutor/notification-settings/phone/verify', { code: c }, tokens.tess);
    expectError(await verify(wrong), 400, 'INVALID_ARGUMENT', /4 tries left/);
    const verified = await verify(code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().phone).toEqual({ number: TESS_PHONE, verified: true, optedOut: false });
    expectError(await verify(code), 400, 'INVALID_ARGUMENT', /ask for a code first/);
  });

  it('voids a code after five wrong tries', async () => {
    const other = '+15557770009';
    await api.post('/tutor/notification-settings/phone', { phone: other }, tokens.tess);
    const code = /\b(\d{6})\b/.exec((await textsTo(other))[0]?.body ?? '')?.[1] as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await api.post('/tutor/notification-settings/phone/verify', { code: wrong }, tokens.tess);
    }
    const late = await api.post('/tutor/notification-settings/phone/verify', { code }, tokens.tess);
    expectError(late, 400, 'INVALID_ARGUMENT', /5 wrong tries/);
    // The phone verified before stays the one in use.
    const settings = (await api.get('/tutor/notification-settings', tokens.tess)).json();
    expect(settings.phone).toMatchObject({ number: TESS_PHONE, verified: true });
  });

  it('texts the tutor from the notification number; STOP stops it, START starts it again', async () => {
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/tutor/notification-settings',
      headers: { authorization: `Bearer ${tokens.tess}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ channel: 'text', quietHours: null, timeZone: 'America/Chicago' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    const codes = (await textsTo(TESS_PHONE)).length;
    await reply(ids.tia, 'Tia is sick today');
    await advance(10);
    const texts = await textsTo(TESS_PHONE);
    expect(texts).toHaveLength(codes + 1);
    expect(texts.at(-1)?.from).toBe('+15550100000');
    expect(texts.at(-1)?.body).toContain("Tia Park's family replied: “Tia is sick today”");
    expect(texts.at(-1)?.body).toContain(`/tutoring/messenger/${ids.tia}`);
    expect((await mailsTo(emails.tess)).length).toBe(0);

    const stop = await api.post('/dev/sms/tutor-reply', { from: TESS_PHONE, body: ' stop ' });
    expect(stop.json()).toEqual({ status: 'tutor-opted-out' });
    const settings = (await api.get('/tutor/notification-settings', tokens.tess)).json();
    expect(settings.phone).toMatchObject({ optedOut: true });
    await reply(ids.tia, 'Hello?');
    await advance(40);
    expect(await textsTo(TESS_PHONE)).toHaveLength(codes + 1);

    const start = await api.post('/dev/sms/tutor-reply', { from: TESS_PHONE, body: 'START' });
    expect(start.json()).toEqual({ status: 'tutor-opted-in' });
    await reply(ids.tia, 'She is better now');
    await advance(10);
    expect(await textsTo(TESS_PHONE)).toHaveLength(codes + 2);
  });
});

describe("the tutor's quiet hours: held, then one digest", () => {
  it('holds what comes at night until the end of the quiet hours, then sends one', async () => {
    await clock({ to: '2026-06-11T02:30:00Z' }); // 22:30 in New York
    await reply(ids.quin1, 'Late question about homework');
    await advance(15);
    await reply(ids.quin2, 'Can we start earlier tomorrow?');
    await clock({ to: '2026-06-11T11:59:00Z' }); // 07:59
    expect(await mailsTo(emails.quinn)).toHaveLength(0);
    await clock({ to: '2026-06-11T12:00:30Z' }); // 08:00
    const mails = await mailsTo(emails.quinn);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Ivy Park's family replied: “Late question about homework”");
    expect(mails[0]?.text).toContain("Jon Park's family replied: “Can we start earlier tomorrow?”");
    await advance(60);
    expect(await mailsTo(emails.quinn)).toHaveLength(1);
  });
});

describe('one-click unsubscribe as mail clients send it (multipart/form-data)', () => {
  it('turns the e-mails off too', async () => {
    const header = (await mailsTo(emails.quinn))[0]?.headers['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const boundary = '----tutoring-test-boundary';
    const posted = await server.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await api.get('/tutor/notification-settings', tokens.quinn)).json().channel).toBe(
      'none',
    );
    const wrong = await server.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Everything',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
  });
});
