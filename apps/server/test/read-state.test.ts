// Issue 34, the dashboard's inbox: what a tutor has read (markTutorMessagesRead), the unread count
// of each student (the family's replies after the tutor's mark), the preview of the latest message
// and what needs the tutor (texts not delivered or not sent). All of it is kept on the student's
// row by triggers (migration 0016) and must agree with the messages themselves, also when a
// student moves to another tutor; GET /tutor's ETag follows it.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open.ts';
import { conversationReads, messageMedia, messages, students } from '../src/db/schema.ts';
import { applyStatusReport } from '../src/modules/messages/delivery.ts';
import { tutorEtag } from '../src/modules/tutors/tutor-etag.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken, uniqueEmail } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const NOW = new Date('2026-03-15T12:00:00Z');
const emails = { sam: uniqueEmail('inbox.sam', ORG), bea: uniqueEmail('inbox.bea', ORG) };
const ids = { sam: '', bea: '', lena: '', omar: '', zoe: '' };
const tokens = { sam: '', bea: '' };

let server: TestApp;
let db: Database;
let clock = NOW;
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    now: () => clock,
    // The development SMS provider sends (Retry), and no resender runs behind the tests' backs.
    config: { twilio: undefined, textResendIntervalMs: 0 },
    fixtures: async (database) => {
      const sam = await insertTutor(database, {
        tutorCode: 'TUT-IN1',
        externalRecordId: 'recInboxSam',
        firstName: 'Sam',
        lastName: 'Inbox',
        email: emails.sam,
      });
      const bea = await insertTutor(database, {
        tutorCode: 'TUT-IN2',
        externalRecordId: 'recInboxBea',
        firstName: 'Bea',
        lastName: 'Inbox',
        email: emails.bea,
      });
      const student = (code: string, firstName: string, tutorId: string, n: number) =>
        insertStudent(database, {
          tutorId,
          studentCode: code,
          firstName,
          lastName: 'Park',
          guardianFirstName: 'Ana',
          guardianPhone: `+1555010${String(n).padStart(4, '0')}`,
          forwardingNumber: `+1555019${String(n).padStart(4, '0')}`,
        });
      const lena = await student('STU-IN1', 'Lena', sam.id, 1);
      const omar = await student('STU-IN2', 'Omar', sam.id, 2);
      const zoe = await student('STU-IN3', 'Zoe', bea.id, 3);
      Object.assign(ids, { sam: sam.id, bea: bea.id, lena: lena.id, omar: omar.id, zoe: zoe.id });
    },
  });
  db = server.db;
  [tokens.sam, tokens.bea] = await Promise.all([
    googleIdToken({ email: emails.sam }),
    googleIdToken({ email: emails.bea }),
  ]);
});
afterAll(() => server?.close());

let sequence = 0;
/** A message of a student's conversation, `minutes` after 10:00 on March 14th. */
async function message(
  studentId: string,
  minutes: number,
  author: 'tutor' | 'family' | 'team',
  overrides: Partial<typeof messages.$inferInsert> = {},
) {
  sequence += 1;
  const [student] = await db.select().from(students).where(eq(students.id, studentId));
  const [row] = await db
    .insert(messages)
    .values({
      studentId,
      tutorId: student?.tutorId ?? null,
      body: `${author} ${sequence}`,
      fromTutor: author === 'tutor',
      messageType: author === 'team' ? 'admin' : 'activity',
      deliveryStatus: author === 'tutor' ? 'delivered' : 'received',
      providerMessageId: `SMinbox${sequence}`,
      sentAt: new Date(Date.UTC(2026, 2, 14, 10, minutes)),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no message stored');
  return row;
}

type Entry = {
  id: string;
  unreadCount: number;
  lastMessage: Record<string, unknown> | null;
  needsAttention: Record<string, unknown> | null;
  Last_Message: string | null;
};

/** A student's entry in GET /tutor, for this tutor. */
async function entry(studentId: string, token = tokens.sam): Promise<Entry> {
  const response = await api.get('/tutor', token);
  expect(response.statusCode, response.body).toBe(200);
  expectContract('getTutor', response);
  const found = response
    .json()
    .correspondents.find((student: { id: string }) => student.id === studentId);
  return found as Entry;
}

const mark = (studentId: string, messageId: string, token = tokens.sam) =>
  api.post('/tutor/mark-messages-read', { studentId, messageId }, token);

/** The kept unread and attention columns, and what the messages themselves say. */
async function keptAndCounted(studentId: string) {
  const [row] = await db
    .select({
      unread: students.unreadCount,
      attention: students.attentionCount,
      attentionId: students.attentionMessageId,
      countedUnread: sql<number>`student_unread_count(${students.id}, ${students.tutorId})`,
      counted: sql<string>`(select row(total, newest)::text
        from student_attention(${students.id}, ${students.tutorId}))`,
    })
    .from(students)
    .where(eq(students.id, studentId));
  return row;
}

async function expectKeptAsCounted(studentId: string) {
  const row = await keptAndCounted(studentId);
  expect(row?.unread).toBe(row?.countedUnread);
  expect(`(${row?.attention},${row?.attentionId ?? ''})`).toBe(row?.counted);
}

describe('unread counts and read marks', () => {
  const lenaIds: Record<string, string> = {};

  it("count the family's replies only: not the tutor's texts, not the organisation's", async () => {
    expect((await entry(ids.lena)).unreadCount).toBe(0);
    lenaIds.text1 = (await message(ids.lena, 0, 'tutor')).id;
    lenaIds.reply1 = (await message(ids.lena, 5, 'family')).id;
    lenaIds.team = (await message(ids.lena, 10, 'team')).id;
    lenaIds.reply2 = (await message(ids.lena, 15, 'family')).id;
    lenaIds.text2 = (await message(ids.lena, 20, 'tutor')).id;
    expect((await entry(ids.lena)).unreadCount).toBe(2);
    // Omar's conversation is his own.
    expect((await entry(ids.omar)).unreadCount).toBe(0);
    await expectKeptAsCounted(ids.lena);
  });

  it('move forward with the mark, and never back', async () => {
    const first = await mark(ids.lena, lenaIds.reply1 as string);
    expect(first.statusCode, first.body).toBe(200);
    expectContract('markTutorMessagesRead', first);
    expect(first.json()).toEqual({ unreadCount: 1 });
    expect((await entry(ids.lena)).unreadCount).toBe(1);

    expect((await mark(ids.lena, lenaIds.text2 as string)).json()).toEqual({ unreadCount: 0 });
    // An older message than the mark: nothing moves.
    expect((await mark(ids.lena, lenaIds.reply1 as string)).json()).toEqual({ unreadCount: 0 });
    const [stored] = await db
      .select()
      .from(conversationReads)
      .where(
        and(eq(conversationReads.tutorId, ids.sam), eq(conversationReads.studentId, ids.lena)),
      );
    expect(stored?.messageId).toBe(lenaIds.text2);

    // A reply after the mark counts; one recorded late with an earlier time does not.
    await message(ids.lena, 30, 'family');
    await message(ids.lena, 1, 'family');
    expect((await entry(ids.lena)).unreadCount).toBe(1);
    await expectKeptAsCounted(ids.lena);
  });

  it('answer 404 for a message of another conversation, another tutor’s student, or no message', async () => {
    const omarReply = await message(ids.omar, 0, 'family');
    expectError(await mark(ids.lena, omarReply.id), 404, 'NOT_FOUND');
    expectError(await mark(ids.lena, '5d8ed5a2-4b9e-4a0f-9b1e-2f4c8a7d1e11'), 404, 'NOT_FOUND');
    expectError(await mark(ids.lena, 'not-a-uuid'), 404, 'NOT_FOUND');
    // Bea may not mark Sam's student, even with a message that is in that conversation.
    expectError(await mark(ids.lena, lenaIds.reply2 as string, tokens.bea), 404, 'NOT_FOUND');
    // A first send the provider refused is not in the conversation.
    const refused = await message(ids.lena, 40, 'tutor', {
      deliveryStatus: 'failed',
      providerMessageId: null,
    });
    expectError(await mark(ids.lena, refused.id), 404, 'NOT_FOUND');
    expectError(
      await api.post('/tutor/mark-messages-read', { studentId: ids.lena }, tokens.sam),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await api.post('/tutor/mark-messages-read', {
        studentId: ids.lena,
        messageId: lenaIds.reply2,
      }),
      401,
      'UNAUTHENTICATED',
    );
    // None of this moved Omar's or Lena's count.
    expect((await entry(ids.omar)).unreadCount).toBe(1);
    expect((await entry(ids.lena)).unreadCount).toBe(1);
  });

  it("follow a student matched with another tutor: replies to the first tutor are not the new one's", async () => {
    await db.update(students).set({ tutorId: ids.bea }).where(eq(students.id, ids.lena));
    expect((await entry(ids.lena, tokens.bea)).unreadCount).toBe(0);
    expect(await entry(ids.lena)).toBeUndefined();
    const toBea = await message(ids.lena, 50, 'family');
    expect(toBea.tutorId).toBe(ids.bea);
    expect((await entry(ids.lena, tokens.bea)).unreadCount).toBe(1);
    await expectKeptAsCounted(ids.lena);
    // Back with Sam: Sam's own mark counts again, and the reply to Bea was never Sam's.
    await db.update(students).set({ tutorId: ids.sam }).where(eq(students.id, ids.lena));
    expect((await entry(ids.lena)).unreadCount).toBe(1);
    await expectKeptAsCounted(ids.lena);
    // Unmatched: nothing is anyone's to read.
    await db.update(students).set({ tutorId: null }).where(eq(students.id, ids.omar));
    const [omar] = await db.select().from(students).where(eq(students.id, ids.omar));
    expect(omar?.unreadCount).toBe(0);
    await db.update(students).set({ tutorId: ids.sam }).where(eq(students.id, ids.omar));
    expect((await entry(ids.omar)).unreadCount).toBe(1);
  });

  it('go down when replies are removed, in bulk too', async () => {
    await db
      .delete(messages)
      .where(and(eq(messages.studentId, ids.lena), eq(messages.fromTutor, false)));
    expect((await entry(ids.lena)).unreadCount).toBe(0);
    await expectKeptAsCounted(ids.lena);
    await db.delete(messages).where(eq(messages.studentId, ids.lena));
  });
});

describe('what needs the tutor', () => {
  /** Sends a text to Omar through the API (the development provider accepts it: sent). */
  async function send(text: string) {
    const sent = await api.post(
      '/tutor/send-message',
      { studentId: ids.omar, message: text },
      tokens.sam,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().message.id as string;
  }

  it('is a text not delivered, with the reason in plain words from its error code', async () => {
    expect((await entry(ids.omar)).needsAttention).toBeNull();
    const id = await send('See you Monday');
    expect(
      await applyStatusReport(db, {
        messageId: id,
        attempt: 0,
        status: 'undelivered',
        errorCode: '30007',
        at: NOW,
      }),
    ).toBe('applied');
    expect((await entry(ids.omar)).needsAttention).toEqual({
      reason: 'notDelivered',
      count: 1,
      messageId: id,
      failure: { code: '30007', reason: 'the carrier blocked it as spam' },
    });
    await expectKeptAsCounted(ids.omar);
  });

  it('is a text not sent because it could not be translated, newest first, with how many', async () => {
    const untranslated = await message(ids.omar, 500, 'tutor', {
      deliveryStatus: 'untranslated',
      providerMessageId: null,
      body: 'Bring the sheet',
      // After the text sent through the API, at the server's time.
      sentAt: new Date(NOW.getTime() + 60_000),
    });
    expect((await entry(ids.omar)).needsAttention).toEqual({
      reason: 'notSent',
      count: 2,
      messageId: untranslated.id,
    });
    // A first send the provider refused stays in the composer, not in the chat: not counted.
    await message(ids.omar, 600, 'tutor', {
      deliveryStatus: 'failed',
      providerMessageId: null,
      sentAt: new Date(NOW.getTime() + 120_000),
    });
    expect((await entry(ids.omar)).needsAttention).toMatchObject({ count: 2 });
    await expectKeptAsCounted(ids.omar);
  });

  it('clears as each text is retried and sent', async () => {
    const before = (await entry(ids.omar)).needsAttention;
    const retried = await api.post(
      '/tutor/retry-message',
      { messageId: before?.messageId },
      tokens.sam,
    );
    expect(retried.json().deliveryStatus).toBe('sent');
    const after = (await entry(ids.omar)).needsAttention;
    expect(after).toMatchObject({ reason: 'notDelivered', count: 1 });
    const again = await api.post(
      '/tutor/retry-message',
      { messageId: after?.messageId },
      tokens.sam,
    );
    expect(again.json().deliveryStatus).toBe('sent');
    // The chat shows the retried text without its old failure.
    const chat = await api.post('/tutor/messages', { studentId: ids.omar }, tokens.sam);
    const shown = chat.json().messages.find((m: { id: string }) => m.id === after?.messageId);
    expect(shown).toMatchObject({ deliveryStatus: 'sent' });
    expect(shown.failure).toBeUndefined();
    expect((await entry(ids.omar)).needsAttention).toBeNull();
    await expectKeptAsCounted(ids.omar);
  });

  it("is the current tutor's own: another tutor's undelivered text is not theirs to retry", async () => {
    const id = await send('One more thing');
    await applyStatusReport(db, {
      messageId: id,
      attempt: 0,
      status: 'failed',
      errorCode: '21610',
      at: NOW,
    });
    expect((await entry(ids.omar)).needsAttention).toMatchObject({
      reason: 'notDelivered',
      failure: { code: '21610', reason: 'the family has opted out of texts' },
    });
    await db.update(students).set({ tutorId: ids.bea }).where(eq(students.id, ids.omar));
    expect((await entry(ids.omar, tokens.bea)).needsAttention).toBeNull();
    await db.update(students).set({ tutorId: ids.sam }).where(eq(students.id, ids.omar));
    expect((await entry(ids.omar)).needsAttention).toMatchObject({ count: 1, messageId: id });
    await expectKeptAsCounted(ids.omar);
  });
});

describe('the preview of the latest message', () => {
  it('shows the tutor’s text with its status, a reply in English, the team’s message', async () => {
    const text = await message(ids.zoe, 0, 'tutor', { body: 'Hi Ana!', deliveryStatus: 'sent' });
    expect((await entry(ids.zoe, tokens.bea)).lastMessage).toEqual({
      id: text.id,
      from: 'tutor',
      text: 'Hi Ana!',
      sentAt: '2026-03-14T10:00:00.000Z',
      deliveryStatus: 'sent',
      hasPhoto: false,
    });
    const reply = await message(ids.zoe, 1, 'family', {
      body: '¡Hola!',
      translationLanguage: 'es',
      translatedBody: 'Hello!',
    });
    const previewed = await entry(ids.zoe, tokens.bea);
    expect(previewed.lastMessage).toEqual({
      id: reply.id,
      from: 'family',
      text: 'Hello!',
      sentAt: '2026-03-14T10:01:00.000Z',
      hasPhoto: false,
    });
    expect(previewed.Last_Message).toBe('Hello!');
    await message(ids.zoe, 2, 'team', { body: 'Reminder from the team' });
    expect((await entry(ids.zoe, tokens.bea)).lastMessage).toMatchObject({
      from: 'team',
      text: 'Reminder from the team',
    });
  });

  it('of a photo without words is empty, with the photo flagged; the chat’s student says the same', async () => {
    const photo = await message(ids.zoe, 3, 'family', { body: '', mediaCount: 1 });
    await db.insert(messageMedia).values({
      messageId: photo.id,
      position: 0,
      contentType: 'image/png',
      bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]),
    });
    const listed = await entry(ids.zoe, tokens.bea);
    expect(listed.lastMessage).toMatchObject({
      id: photo.id,
      from: 'family',
      text: '',
      hasPhoto: true,
    });
    const chat = await api.post('/tutor/messages', { studentId: ids.zoe }, tokens.bea);
    expectContract('getTutorMessages', chat);
    const { student } = chat.json();
    expect({
      unreadCount: student.unreadCount,
      lastMessage: student.lastMessage,
      needsAttention: student.needsAttention,
    }).toEqual({
      unreadCount: listed.unreadCount,
      lastMessage: listed.lastMessage,
      needsAttention: listed.needsAttention,
    });
    expect(chat.json().messages.at(-1).media).toEqual([
      { id: expect.any(String), contentType: 'image/png' },
    ]);
  });
});

describe("GET /tutor's ETag", () => {
  const getTutor = (etag?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/tutor',
      headers: {
        authorization: `Bearer ${tokens.bea}`,
        ...(etag ? { 'if-none-match': etag } : {}),
      },
    });
  /** The current tag, from a full answer. */
  async function currentTag() {
    const response = await getTutor();
    expect(response.statusCode).toBe(200);
    return response.headers.etag as string;
  }

  it('answers 304 without a body while nothing it shows changed', async () => {
    const tag = await currentTag();
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await getTutor(tag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Weak comparison, several tags, and any.
    expect((await getTutor(`W/${tag}`)).statusCode).toBe(304);
    expect((await getTutor(`"other", ${tag}`)).statusCode).toBe(304);
    expect((await getTutor('*')).statusCode).toBe(304);
    expect((await getTutor('"stale"')).statusCode).toBe(200);
    expect(await currentTag()).toBe(tag);
  });

  it('changes when a reply arrives, a status changes or the mark moves, and not otherwise', async () => {
    const tag0 = await currentTag();
    const reply = await message(ids.zoe, 10, 'family');
    const tag1 = await currentTag();
    expect(tag1).not.toBe(tag0);
    expect((await getTutor(tag0)).statusCode).toBe(200);

    const text = await message(ids.zoe, 11, 'tutor', { deliveryStatus: 'sent' });
    const tag2 = await currentTag();
    await applyStatusReport(db, {
      messageId: text.id,
      attempt: 0,
      status: 'delivered',
      at: NOW,
    });
    const tag3 = await currentTag();
    expect(tag3).not.toBe(tag2);

    expect((await mark(ids.zoe, text.id, tokens.bea)).json()).toEqual({ unreadCount: 0 });
    const tag4 = await currentTag();
    expect(tag4).not.toBe(tag3);
    // A mark that does not move changes nothing.
    await mark(ids.zoe, reply.id, tokens.bea);
    await mark(ids.zoe, text.id, tokens.bea);
    expect((await getTutor(tag4)).statusCode).toBe(304);
    // Another tutor's student changing is not Bea's answer.
    await message(ids.lena, 70, 'family');
    expect((await getTutor(tag4)).statusCode).toBe(304);
  });

  it('changes with the day and the tutor’s own row', async () => {
    const tag = await currentTag();
    clock = new Date(NOW.getTime() + 86_400_000);
    try {
      expect((await getTutor(tag)).statusCode).toBe(200);
    } finally {
      clock = NOW;
    }
    expect((await getTutor(tag)).statusCode).toBe(304);
    await db.execute(
      sql`update tutors set availability = 'Monday 16:00-18:00' where id = ${ids.bea}`,
    );
    expect((await getTutor(tag)).statusCode).toBe(200);
  });

  it('is made of every part the answer shows, the shared reference data and translation included', () => {
    const digest = {
      tutorId: ids.bea,
      tutorVersion: '1001',
      studentVersions: 'id-1:1002',
      recent: { sessions: 1, minutes: 60 },
    };
    const tag = tutorEtag(digest, { digest: 'r' }, { kind: 'off' }, NOW);
    expect(tutorEtag({ ...digest }, { digest: 'r' }, { kind: 'off' }, NOW)).toBe(tag);
    for (const other of [
      tutorEtag({ ...digest, tutorVersion: '1003' }, { digest: 'r' }, { kind: 'off' }, NOW),
      tutorEtag({ ...digest, studentVersions: null }, { digest: 'r' }, { kind: 'off' }, NOW),
      tutorEtag({ ...digest, studentVersions: 'id-1:1004' }, { digest: 'r' }, { kind: 'off' }, NOW),
      tutorEtag(
        { ...digest, recent: { sessions: 1, minutes: 45 } },
        { digest: 'r' },
        { kind: 'off' },
        NOW,
      ),
      tutorEtag(digest, { digest: 's' }, { kind: 'off' }, NOW),
      tutorEtag(digest, { digest: 'r' }, { kind: 'deepl' }, NOW),
      tutorEtag(digest, { digest: 'r' }, { kind: 'off' }, new Date('2026-03-16T00:00:00Z')),
    ]) {
      expect(other).not.toBe(tag);
    }
  });

  it('of an unknown tutor is 404', async () => {
    const stranger = await googleIdToken({ email: uniqueEmail('inbox.nobody', ORG) });
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/tutor',
      headers: { authorization: `Bearer ${stranger}`, 'if-none-match': '"x"' },
    });
    expectError(response, 404, 'NOT_FOUND');
  });
});

describe("an open chat's own poll", () => {
  it('changes its tag once when the chat marks what it shows, and not again', async () => {
    const poll = (etag?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/tutor/messages',
        headers: {
          authorization: `Bearer ${tokens.bea}`,
          'content-type': 'application/json',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        payload: JSON.stringify({ studentId: ids.zoe }),
      });
    await message(ids.zoe, 20, 'family');
    const first = await poll();
    const newest = first.json().messages.at(-1).id as string;
    expect(first.json().student.unreadCount).toBe(1);
    await mark(ids.zoe, newest, tokens.bea);
    const second = await poll(first.headers.etag as string);
    expect(second.statusCode).toBe(200);
    expect(second.json().student.unreadCount).toBe(0);
    for (let round = 0; round < 3; round += 1) {
      await mark(ids.zoe, newest, tokens.bea);
      expect((await poll(second.headers.etag as string)).statusCode).toBe(304);
    }
  });
});
