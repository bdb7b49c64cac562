// The student list of GET /tutor reads each student's last session and last message from their
// row, where triggers keep them (migration 0015): these follow sessions and messages
// being added, changed and removed, in bulk too, and agree with the tables themselves.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open.ts';
import { messages, students, tutoringSessions } from '../src/db/schema.ts';
import { insertStudent, insertTutor, insertTutoringSessions } from '../src/seed/fixtures.ts';
import { bearer, startTestApp, type TestApp } from './support/app.ts';
import { googleIdToken, uniqueEmail } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const NOW = new Date('2026-03-15T12:00:00Z');
const email = uniqueEmail('summary.tutor', ORG);
const ids = { tutor: '', student: '', other: '' };

let server: TestApp;
let db: Database;
let token = '';

beforeAll(async () => {
  server = await startTestApp({
    now: () => NOW,
    fixtures: async (database) => {
      const tutor = await insertTutor(database, {
        tutorCode: 'TUT-S',
        externalRecordId: 'recSummary',
        firstName: 'Sam',
        lastName: 'Summary',
        email,
      });
      const student = await insertStudent(database, {
        tutorId: tutor.id,
        studentCode: 'STU-S1',
        firstName: 'Lena',
        lastName: 'Park',
        forwardingNumber: '+15550190101',
      });
      const other = await insertStudent(database, {
        tutorId: tutor.id,
        studentCode: 'STU-S2',
        firstName: 'Omar',
        lastName: 'Park',
        forwardingNumber: '+15550190102',
      });
      Object.assign(ids, { tutor: tutor.id, student: student.id, other: other.id });
    },
  });
  db = server.app.database.db;
  token = await googleIdToken({ email, name: 'Sam Summary' });
});
afterAll(() => server?.close());

/** Lena's and Omar's entries of GET /tutor. */
async function listed() {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/tutor',
    ...{ headers: bearer(token) },
  });
  expect(response.statusCode).toBe(200);
  const byId = Object.fromEntries(
    response
      .json()
      .correspondents.map(
        (entry: { id: string; lastSession: number | null; Last_Message: string | null }) => [
          entry.id,
          { lastSession: entry.lastSession, lastMessage: entry.Last_Message },
        ],
      ),
  );
  return { lena: byId[ids.student], omar: byId[ids.other] };
}

/** What the tables themselves say, for the trigger-kept columns to agree with. */
async function keptAndFromTheTables(studentId: string) {
  const [row] = await db
    .select({
      kept: { lastSessionDate: students.lastSessionDate, lastMessageId: students.lastMessageId },
      tables: {
        lastSessionDate: sql<string | null>`(select max(${tutoringSessions.sessionDate})
          from ${tutoringSessions} where ${tutoringSessions.studentId} = ${studentId})`,
        lastMessageId: sql<string | null>`(select ${messages.id} from ${messages}
          where ${messages.studentId} = ${studentId}
            and not (${messages.deliveryStatus} = 'failed' and ${messages.attempt} = 0
                     and ${messages.providerMessageId} is null)
          order by ${messages.sentAt} desc, ${messages.id} desc limit 1)`,
      },
    })
    .from(students)
    .where(eq(students.id, studentId));
  return row;
}

const text = (
  body: string,
  sentAt: string,
  overrides: Partial<typeof messages.$inferInsert> = {},
) => ({
  studentId: ids.student,
  tutorId: ids.tutor,
  body,
  fromTutor: true,
  deliveryStatus: 'delivered',
  providerMessageId: `SM-${body}`,
  sentAt: new Date(sentAt),
  ...overrides,
});

describe("a student's last session, as GET /tutor lists it", () => {
  it('moves forward with newer sessions, not with a late record of an older one', async () => {
    expect((await listed()).lena.lastSession).toBeNull();
    await insertTutoringSessions(db, [
      { tutorId: ids.tutor, studentId: ids.student, sessionDate: '2026-03-10', minutes: 60 },
      { tutorId: ids.tutor, studentId: ids.other, sessionDate: '2026-03-01', minutes: 30 },
    ]);
    expect(await listed()).toMatchObject({ lena: { lastSession: 5 }, omar: { lastSession: 14 } });
    await insertTutoringSessions(db, [
      { tutorId: ids.tutor, studentId: ids.student, sessionDate: '2026-02-01', minutes: 45 },
    ]);
    expect((await listed()).lena.lastSession).toBe(5);
  });

  it('goes back when the latest session is removed or moved, and empties with the last one', async () => {
    await db
      .update(tutoringSessions)
      .set({ sessionDate: '2026-03-14' })
      .where(eq(tutoringSessions.sessionDate, '2026-02-01'));
    expect((await listed()).lena.lastSession).toBe(1);
    // Moved to the other student: both are read again.
    await db
      .update(tutoringSessions)
      .set({ studentId: ids.other })
      .where(eq(tutoringSessions.sessionDate, '2026-03-14'));
    expect(await listed()).toMatchObject({ lena: { lastSession: 5 }, omar: { lastSession: 1 } });
    await db.delete(tutoringSessions).where(eq(tutoringSessions.studentId, ids.student));
    expect((await listed()).lena.lastSession).toBeNull();
    for (const studentId of [ids.student, ids.other]) {
      const row = await keptAndFromTheTables(studentId);
      expect(row?.kept.lastSessionDate).toBe(row?.tables.lastSessionDate);
    }
  });
});

describe("a student's last message, as GET /tutor lists it", () => {
  it('is the latest of the conversation, whatever order the texts are stored in', async () => {
    expect((await listed()).lena.lastMessage).toBeNull();
    await db
      .insert(messages)
      .values([text('second', '2026-03-12T10:00:00Z'), text('first', '2026-03-11T10:00:00Z')]);
    expect((await listed()).lena.lastMessage).toBe('second');
    await db.insert(messages).values(text('earlier', '2026-03-01T10:00:00Z'));
    expect((await listed()).lena.lastMessage).toBe('second');
  });

  it('leaves out a first send the provider refused, keeps a text the carrier did not deliver', async () => {
    const [queued] = await db
      .insert(messages)
      .values(
        text('third', '2026-03-13T10:00:00Z', {
          deliveryStatus: 'queued',
          providerMessageId: null,
        }),
      )
      .returning({ id: messages.id });
    expect((await listed()).lena.lastMessage).toBe('third');
    // Refused on its first send: no longer part of the conversation.
    await db
      .update(messages)
      .set({ deliveryStatus: 'failed' })
      .where(eq(messages.id, queued?.id as string));
    expect((await listed()).lena.lastMessage).toBe('second');
    // Sent again and not delivered: shown (with Retry), so it is the last message again.
    await db
      .update(messages)
      .set({ attempt: 1, providerMessageId: 'SM-third' })
      .where(eq(messages.id, queued?.id as string));
    expect((await listed()).lena.lastMessage).toBe('third');
  });

  it('shows a reply in English once its translation arrives, and goes back when texts are removed', async () => {
    const [reply] = await db
      .insert(messages)
      .values(
        text('¿Mañana?', '2026-03-14T10:00:00Z', {
          fromTutor: false,
          deliveryStatus: 'received',
          providerMessageId: 'SM-reply',
        }),
      )
      .returning({ id: messages.id });
    expect((await listed()).lena.lastMessage).toBe('¿Mañana?');
    await db
      .update(messages)
      .set({ translatedBody: 'Tomorrow?' })
      .where(eq(messages.id, reply?.id as string));
    expect((await listed()).lena.lastMessage).toBe('Tomorrow?');
    await db.delete(messages).where(eq(messages.id, reply?.id as string));
    expect((await listed()).lena.lastMessage).toBe('third');
    await db.delete(messages).where(eq(messages.studentId, ids.student));
    expect(await listed()).toMatchObject({
      lena: { lastMessage: null },
      omar: { lastMessage: null },
    });
    await db.insert(messages).values(text('again', '2026-03-14T11:00:00Z'));
    const row = await keptAndFromTheTables(ids.student);
    expect(row?.kept.lastMessageId).toBe(row?.tables.lastMessageId);
    expect(row?.kept.lastMessageId).toEqual(expect.any(String));
  });

  it('follows a text moved in the order or to another student; a status update moves only the version', async () => {
    await db.delete(messages).where(eq(messages.studentId, ids.student));
    const stored = await db
      .insert(messages)
      .values([
        text('older', '2026-03-10T10:00:00Z', { deliveryStatus: 'sent' }),
        text('newer', '2026-03-11T10:00:00Z', { deliveryStatus: 'sent' }),
      ])
      .returning({ id: messages.id, body: messages.body });
    const idOf = (body: string) => stored.find((message) => message.body === body)?.id as string;
    const version = async (studentId: string) =>
      (
        await db
          .select({ version: students.conversationVersion })
          .from(students)
          .where(eq(students.id, studentId))
      )[0]?.version;
    const agree = async () => {
      for (const studentId of [ids.student, ids.other]) {
        const row = await keptAndFromTheTables(studentId);
        expect(row?.kept.lastMessageId).toBe(row?.tables.lastMessageId);
      }
    };

    // Receipts of both texts in one statement: the chat's version moves, its last text stays.
    const before = await version(ids.student);
    await db
      .update(messages)
      .set({ deliveryStatus: 'delivered' })
      .where(eq(messages.studentId, ids.student));
    expect(await version(ids.student)).toBe((before ?? 0) + 1);
    expect((await listed()).lena.lastMessage).toBe('newer');
    await agree();

    // The older text re-dated after the newer one: now it is the last.
    await db
      .update(messages)
      .set({ sentAt: new Date('2026-03-12T10:00:00Z') })
      .where(eq(messages.id, idOf('older')));
    expect((await listed()).lena.lastMessage).toBe('older');
    await agree();

    // Moved to Omar, with a status change in the same statement as the other text's.
    await db
      .update(messages)
      .set({
        studentId: sql`case when ${messages.id} = ${idOf('older')} then ${ids.other}::uuid
          else ${messages.studentId} end`,
        deliveryStatus: 'undelivered',
      })
      .where(eq(messages.studentId, ids.student));
    expect(await listed()).toMatchObject({
      lena: { lastMessage: 'newer' },
      omar: { lastMessage: 'older' },
    });
    await agree();
  });
});
