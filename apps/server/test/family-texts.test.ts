// Issue 35, the family's side: STOP (and Twilio's other opt-out words) marks the family opted out
// and nothing is texted to them until START; a text refused with 21610 marks it too; HELP is
// recorded; GET /tutor and the integration API's student read show it. And quiet hours: a text
// written late in the family's evening is held ('scheduled') until 08:00 there, then sent through
// the one send path by the scheduler, or at once with Send now, or never with Cancel.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/open.ts';
import { messages, students } from '../src/db/schema.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { applyStatusReport } from '../src/modules/messages/delivery.ts';
import { keywordOf } from '../src/modules/messages/opt-out.ts';
import { quietHoursEnd } from '../src/modules/messages/quiet-hours.ts';
import { TranslationError } from '../src/providers/translation.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken, uniqueEmail } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const START = new Date('2026-06-10T14:00:00Z'); // 10:00 in New York (EDT)
const email = uniqueEmail('family.fay', ORG);
const ids = { fay: '', uma: '', wes: '', lou: '' };
let token = '';
let readKey = '';

let server: TestApp;
let db: Database;
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    now: () => START,
    config: {
      twilio: undefined,
      textResendIntervalMs: 0,
      familyQuietHours: { start: '21:00', end: '08:00' },
    },
    fixtures: async (database) => {
      const fay = await insertTutor(database, {
        tutorCode: 'TUT-FAM-1',
        externalRecordId: 'recFamilyFay',
        firstName: 'Fay',
        lastName: 'Family',
        email,
      });
      const student = (n: number, firstName: string, timeZone: string | null = null) =>
        insertStudent(database, {
          tutorId: fay.id,
          studentCode: `STU-FAM-${n}`,
          externalRecordId: `recFamilyStudent${n}`,
          firstName,
          lastName: 'Reyes',
          guardianFirstName: 'Rosa',
          guardianPhone: `+1555040000${n}`,
          forwardingNumber: `+1555049000${n}`,
          timeZone,
        });
      Object.assign(ids, {
        fay: fay.id,
        uma: (await student(1, 'Uma')).id,
        wes: (await student(2, 'Wes')).id,
        lou: (await student(3, 'Lou', 'America/Los_Angeles')).id,
      });
    },
  });
  db = server.db;
  token = await googleIdToken({ email });
  readKey = (await createIntegrationKey(db, { name: 'staff-read', scope: 'read', now: START })).key;
});
afterAll(() => server?.close());

const familySays = async (studentId: string, body: string) => {
  const response = await api.post('/dev/sms/inbound', { studentId, body });
  expect(response.statusCode, response.body).toBe(201);
};
const send = (studentId: string, message: string) =>
  api.post('/tutor/send-message', { studentId, message }, token);
const textsTo = async (phone: string) =>
  ((await api.get('/dev/sms/outbox')).json() as Array<{ to: string; body: string }>).filter(
    (text) => text.to === phone,
  );
async function listed(studentId: string) {
  const response = await api.get('/tutor', token);
  expectContract('getTutor', response);
  return response.json().correspondents.find((s: { id: string }) => s.id === studentId);
}
/** What these tests read of a student in the staff's integration read. */
type StaffStudent = { studentCode: string; textOptOut: unknown; helpRequestedAt: unknown };

/**
 * The student as the staff's integration read shows it. The feed shows a change once every
 * transaction older than it has ended, in any database of the PostgreSQL server (transaction ids
 * are the server's): another test file's transaction may hold it back for a moment.
 */
async function staffRead(studentCode: string) {
  let student: StaffStudent | undefined;
  await expect
    .poll(
      async () => {
        const read = await server.app.inject({
          method: 'GET',
          url: '/api/integration/v1/students?limit=500',
          headers: { authorization: `Bearer ${readKey}` },
        });
        expect(read.statusCode, read.body).toBe(200);
        expectContract('listIntegrationStudents', read);
        student = (read.json().students as StaffStudent[]).find(
          (s) => s.studentCode === studentCode,
        );
        return student !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return student as StaffStudent;
}

describe("the family's opt-out", () => {
  it('reads the keywords in any case, trimmed, and nothing else', () => {
    for (const word of [
      'STOP',
      'stopall',
      ' Unsubscribe ',
      'cancel',
      'END',
      'Quit',
      'revoke',
      'OPTOUT',
    ]) {
      expect(keywordOf(word)?.kind, word).toBe('opt-out');
    }
    for (const word of ['START', 'unstop', 'Yes']) expect(keywordOf(word)?.kind).toBe('opt-in');
    expect(keywordOf('help')?.kind).toBe('help');
    for (const text of ['Stop by at 5', 'please stop', 'STOP!', '']) {
      expect(keywordOf(text), text).toBeUndefined();
    }
  });

  it('STOP marks the family opted out: shown to the tutor and to staff, and sends are refused', async () => {
    expect((await listed(ids.uma)).textOptOut).toBeNull();
    await familySays(ids.uma, ' Stop ');
    const optOut = { optedOutAt: START.toISOString(), reason: 'replied', keyword: 'Stop' };
    expect((await listed(ids.uma)).textOptOut).toEqual(optOut);
    expect(await staffRead('STU-FAM-1')).toMatchObject({
      recordId: 'recFamilyStudent1',
      tutorRecordId: 'recFamilyFay',
      textOptOut: optOut,
      helpRequestedAt: null,
    });
    const before = (await textsTo('+15550400001')).length;
    const refused = await send(ids.uma, 'Are we still on for Thursday?');
    const error = expectError(
      refused,
      409,
      'ABORTED',
      'This family has opted out of texts (replied STOP on June 10, 2026). They can reply START to receive texts again.',
    );
    expect(error.details).toEqual({ textOptOut: optOut });
    expect(await textsTo('+15550400001')).toHaveLength(before);
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.body, 'Are we still on for Thursday?'));
    expect(stored).toHaveLength(0);
  });

  it('START, UNSTOP or YES opts them back in; every opt-out word opts them out', async () => {
    await familySays(ids.uma, 'start');
    expect((await listed(ids.uma)).textOptOut).toBeNull();
    expect((await staffRead('STU-FAM-1')).textOptOut).toBeNull();
    expect((await send(ids.uma, 'Welcome back')).statusCode).toBe(201);
    const words = ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'REVOKE', 'OptOut'];
    for (const [index, word] of words.entries()) {
      await familySays(ids.uma, word);
      expect((await listed(ids.uma)).textOptOut, word).toMatchObject({
        reason: 'replied',
        keyword: word,
      });
      await familySays(ids.uma, ['START', 'UNSTOP', 'yes'][index % 3] as string);
      expect((await listed(ids.uma)).textOptOut).toBeNull();
    }
  });

  it('HELP is recorded, for the tutor and for staff', async () => {
    await familySays(ids.uma, 'HELP');
    expect((await listed(ids.uma)).helpRequestedAt).toBe(START.toISOString());
    expect((await staffRead('STU-FAM-1')).helpRequestedAt).toBe(START.toISOString());
  });

  it('a text refused with 21610 marks the family opted out (refused)', async () => {
    const sent = await send(ids.wes, 'See you soon');
    expect(sent.statusCode, sent.body).toBe(201);
    const outcome = await applyStatusReport(db, {
      messageId: sent.json().message.id,
      attempt: 0,
      status: 'failed',
      errorCode: '21610',
      at: START,
    });
    expect(outcome).toBe('applied');
    expect((await listed(ids.wes)).textOptOut).toEqual({
      optedOutAt: START.toISOString(),
      reason: 'refused',
    });
    expectError(await send(ids.wes, 'Again?'), 409, 'ABORTED', /their carrier refused a text/);
    await familySays(ids.wes, 'START');
    expect((await listed(ids.wes)).textOptOut).toBeNull();
  });

  it('pages the integration read with a cursor', async () => {
    const page = await server.app.inject({
      method: 'GET',
      url: '/api/integration/v1/students?limit=1',
      headers: { authorization: `Bearer ${readKey}` },
    });
    expectContract('listIntegrationStudents', page);
    const { students: first, nextCursor } = page.json();
    expect(first).toHaveLength(1);
    const next = await server.app.inject({
      method: 'GET',
      url: `/api/integration/v1/students?limit=1&cursor=${nextCursor}`,
      headers: { authorization: `Bearer ${readKey}` },
    });
    expect(next.json().students[0].studentCode).not.toBe(first[0].studentCode);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/api/integration/v1/students',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("quiet hours in the family's time zone", () => {
  const clock = async (to: string) => {
    const response = await api.post('/dev/clock', { to });
    expect(response.statusCode, response.body).toBe(200);
  };
  const chat = async (studentId: string) =>
    (await api.post('/tutor/messages', { studentId }, token)).json().messages as Array<{
      id: string;
      deliveryStatus?: string;
      scheduledFor?: string;
    }>;

  it('holds a text written at 23:00 until 08:00 there, and the scheduler sends it then', async () => {
    await clock('2026-06-11T03:00:00Z'); // 23:00 in New York
    const before = (await textsTo('+15550400002')).length;
    const held = await send(ids.wes, 'Sorry for the late text: bring the reading log.');
    expect(held.statusCode, held.body).toBe(201);
    expectContract('sendTutorMessage', held);
    expect(held.json()).toMatchObject({
      deliveryStatus: 'scheduled',
      message: { deliveryStatus: 'scheduled', scheduledFor: '2026-06-11T12:00:00.000Z' },
    });
    const id = held.json().message.id as string;
    expect((await chat(ids.wes)).find((m) => m.id === id)?.scheduledFor).toBe(
      '2026-06-11T12:00:00.000Z',
    );
    await clock('2026-06-11T11:59:00Z');
    expect(await textsTo('+15550400002')).toHaveLength(before);
    await clock('2026-06-11T12:00:05Z');
    const texts = await textsTo('+15550400002');
    expect(texts).toHaveLength(before + 1);
    expect(texts[0]?.body).toBe('Sorry for the late text: bring the reading log.');
    const sent = (await chat(ids.wes)).find((m) => m.id === id);
    expect(sent?.deliveryStatus).toBe('sent');
    expect(sent?.scheduledFor).toBeUndefined();
  });

  it('is not held for a family whose own time zone is still in the evening', async () => {
    await clock('2026-06-12T03:00:00Z'); // 23:00 in New York, 20:00 in Los Angeles
    const sent = await send(ids.lou, 'Quick reminder for tomorrow');
    expect(sent.json().deliveryStatus).toBe('sent');
  });

  it('Send now sends a held text at once, once; Cancel removes one; 409 once it went out', async () => {
    const held = await send(ids.wes, 'Held, then sent now');
    const id = held.json().message.id as string;
    expect(held.json().deliveryStatus).toBe('scheduled');
    const before = (await textsTo('+15550400002')).length;
    const now = await api.post('/tutor/send-scheduled-message-now', { messageId: id }, token);
    expect(now.statusCode, now.body).toBe(200);
    expectContract('sendScheduledTutorMessageNow', now);
    expect(now.json().deliveryStatus).toBe('sent');
    const again = await api.post('/tutor/send-scheduled-message-now', { messageId: id }, token);
    expect(again.json().deliveryStatus).toBe('sent');
    expect(await textsTo('+15550400002')).toHaveLength(before + 1);
    expectError(
      await api.post('/tutor/cancel-scheduled-message', { messageId: id }, token),
      409,
      'ABORTED',
    );

    const toCancel = (await send(ids.wes, 'Never mind')).json().message.id as string;
    const cancelled = await api.post(
      '/tutor/cancel-scheduled-message',
      { messageId: toCancel },
      token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await chat(ids.wes)).some((m) => m.id === toCancel)).toBe(false);
    await clock('2026-06-12T12:30:00Z');
    expect(await textsTo('+15550400002')).toHaveLength(before + 1);
    expectError(
      await api.post('/tutor/send-scheduled-message-now', { messageId: toCancel }, token),
      409,
      'ABORTED',
      'This text was cancelled, so it was not sent.',
    );
    expect(
      (await api.post('/tutor/cancel-scheduled-message', { messageId: toCancel }, token))
        .statusCode,
    ).toBe(204);
  });

  it('a family that opts out while a text is held gets nothing', async () => {
    await clock('2026-06-13T02:00:00Z');
    const id = (await send(ids.uma, 'Held for the morning')).json().message.id as string;
    await familySays(ids.uma, 'STOP');
    expectError(
      await api.post('/tutor/send-scheduled-message-now', { messageId: id }, token),
      409,
      'ABORTED',
      /opted out of texts/,
    );
    const before = (await textsTo('+15550400001')).length;
    await clock('2026-06-13T12:05:00Z');
    expect(await textsTo('+15550400001')).toHaveLength(before);
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ deliveryStatus: 'failed', errorCode: '21610' });
  });

  it("takes the family's time zone from the organisation's data store, checked", async () => {
    const writeKey = (
      await createIntegrationKey(db, { name: 'staff-write', scope: 'write', now: START })
    ).key;
    const row = (timeZone: string | null) => ({
      recordId: 'recFamilyStudent9',
      studentCode: 'STU-FAM-9',
      firstName: 'Pia',
      lastName: 'Reyes',
      tutorRecordId: 'recFamilyFay',
      forwardingNumber: '+15550490009',
      guardianPhone: '+15550400009',
      timeZone,
    });
    const upsert = (timeZone: string | null) =>
      api.post('/integration/v1/students', { rows: [row(timeZone)] }, undefined, {
        authorization: `Bearer ${writeKey}`,
      });
    const refused = await upsert('Mars/Base');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.body).toContain('is not an IANA time zone');
    expect((await upsert('America/Los_Angeles')).statusCode).toBe(200);
    const [pia] = await db.select().from(students).where(eq(students.studentCode, 'STU-FAM-9'));
    expect(pia?.timeZone).toBe('America/Los_Angeles');
    expect((await upsert(null)).statusCode).toBe(200);
    const [again] = await db.select().from(students).where(eq(students.studentCode, 'STU-FAM-9'));
    expect(again?.timeZone).toBeNull();
  });

  it('follows daylight saving time, and FAMILY_QUIET_HOURS=none turns it off', () => {
    const hours = { start: '21:00', end: '08:00' };
    expect(quietHoursEnd(new Date('2026-01-10T03:00:00Z'), hours, 'America/New_York')).toEqual(
      new Date('2026-01-10T13:00:00Z'),
    );
    expect(
      quietHoursEnd(new Date('2026-06-10T16:00:00Z'), hours, 'America/New_York'),
    ).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', FAMILY_QUIET_HOURS: 'none' }).familyQuietHours,
    ).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).familyQuietHours).toEqual(hours);
    expect(() => loadConfig({ FAMILY_QUIET_HOURS: '25:00-08:00' })).toThrow(/HH:MM-HH:MM/);
  });
});

describe('a held text goes out through the one send path: translated then, told when it is not', () => {
  it('translates at 08:00, and a translation that fails then notifies the tutor (Not sent)', async () => {
    let failing = false;
    const tutorEmail = uniqueEmail('family.gus', ORG);
    let studentId = '';
    const app = await startTestApp({
      now: () => START,
      config: {
        twilio: undefined,
        textResendIntervalMs: 0,
        familyQuietHours: { start: '21:00', end: '08:00' },
      },
      dependencies: {
        translation: {
          kind: 'deepl',
          supports: (code) => code === 'es',
          async translate(text, target) {
            if (failing) throw new TranslationError('DeepL did not answer');
            return { text: `[${target}] ${text}`, sourceLanguage: 'en' };
          },
        },
      },
      fixtures: async (database) => {
        const gus = await insertTutor(database, {
          tutorCode: 'TUT-FAM-2',
          externalRecordId: 'recFamilyGus',
          firstName: 'Gus',
          lastName: 'Family',
          email: tutorEmail,
        });
        const student = await insertStudent(database, {
          tutorId: gus.id,
          studentCode: 'STU-FAM-20',
          firstName: 'Eva',
          lastName: 'Soto',
          guardianPhone: '+15550400020',
          forwardingNumber: '+15550490020',
          language: 'Spanish',
        });
        studentId = student.id;
      },
    });
    try {
      const gusApi = caller(() => app.app);
      const gusToken = await googleIdToken({ email: tutorEmail });
      const move = (to: string) => gusApi.post('/dev/clock', { to });
      const outbox = async () =>
        ((await gusApi.get('/dev/sms/outbox')).json() as Array<{ to: string; body: string }>)
          .filter((text) => text.to === '+15550400020')
          .map((text) => text.body);
      await move('2026-06-11T03:00:00Z');
      const first = await gusApi.post(
        '/tutor/send-message',
        { studentId, message: 'Bring the book' },
        gusToken,
      );
      expect(first.json().deliveryStatus).toBe('scheduled');
      await move('2026-06-11T12:00:00Z');
      expect(await outbox()).toEqual(['[es] Bring the book']);

      await move('2026-06-12T03:00:00Z');
      const second = await gusApi.post(
        '/tutor/send-message',
        { studentId, message: 'No class' },
        gusToken,
      );
      expect(second.json().deliveryStatus).toBe('scheduled');
      failing = true;
      await move('2026-06-12T12:00:00Z');
      expect(await outbox()).toEqual(['[es] Bring the book']);
      await move('2026-06-12T12:10:00Z');
      const mails = (
        (await gusApi.get('/dev/outbox')).json() as Array<{ to: string; text: string }>
      ).filter((mail) => mail.to === tutorEmail);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        "Your text to Eva Soto's family was not sent: it could not be translated into Spanish.",
      );
    } finally {
      await app.close();
    }
  });
});
