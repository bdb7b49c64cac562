// The counts kept on a student's row (migration 0016) stay right when writes to the same
// conversation are committed at once, which only PostgreSQL can do (PGlite has one connection).
// Each case holds one transaction open while a second one writes to the same student, so the
// second's trigger must wait for the first and then count what the first committed (migration
// 0019); without that lock it counted from a snapshot taken before the first committed and left
// the count one short.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open.ts';
import { students } from '../src/db/schema.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { onPostgres, openTestDatabase, type TestDatabase } from './support/database.ts';

describe.runIf(onPostgres())('counts kept on a student while writes to it commit at once', () => {
  let database: TestDatabase;
  let db: Database;
  let tutorId = '';
  let studentSerial = 0;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.handle.db;
    const tutor = await insertTutor(db, {
      tutorCode: 'TUT-RACE',
      externalRecordId: 'recRace',
      firstName: 'Rae',
      lastName: 'Race',
      email: 'rae.race@tutoring.example.org',
    });
    tutorId = tutor.id;
    for (let i = 0; i < 2; i += 1) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.dispose();
  });

  async function newStudent() {
    studentSerial += 1;
    const n = String(studentSerial).padStart(4, '0');
    const student = await insertStudent(db, {
      tutorId,
      studentCode: `STU-RACE${n}`,
      firstName: 'Lena',
      lastName: 'Park',
      guardianFirstName: 'Ana',
      guardianPhone: `+1555020${n}`,
      forwardingNumber: `+1555029${n}`,
    });
    return student.id;
  }

  const insertMessage = (
    client: pg.Client,
    studentId: string,
    minute: number,
    author: 'family' | 'tutor',
    deliveryStatus = author === 'family' ? 'received' : 'delivered',
  ) =>
    client.query(
      `insert into messages (student_id, tutor_id, body, from_tutor, message_type,
         delivery_status, provider_message_id, sent_at)
       values ($1, $2, $3, $4, 'activity', $5, $6, $7) returning id`,
      [
        studentId,
        tutorId,
        `${author} at ${minute}`,
        author === 'tutor',
        deliveryStatus,
        `SMrace${studentId.slice(0, 8)}${minute}`,
        new Date(Date.UTC(2026, 2, 14, 10, minute)),
      ],
    );

  /** Runs `first` in a transaction left open, starts `second` in another, then commits both. */
  async function atOnce(
    first: (client: pg.Client) => Promise<unknown>,
    second: (client: pg.Client) => Promise<unknown>,
  ) {
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('begin');
    await b.query('begin');
    try {
      await first(a);
      // The second write's trigger waits on the student's row, which the first holds.
      const waiting = second(b);
      await expect
        .poll(async () => {
          const { rows } = await a.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0]?.n;
        })
        .toBe(1);
      await a.query('commit');
      await waiting;
      await b.query('commit');
    } catch (error) {
      await a.query('rollback').catch(() => {});
      await b.query('rollback').catch(() => {});
      throw error;
    }
  }

  async function kept(studentId: string) {
    const [row] = await db
      .select({
        unread: students.unreadCount,
        counted: sql<number>`student_unread_count(${students.id}, ${students.tutorId})`,
        attention: students.attentionCount,
        lastMessageId: students.lastMessageId,
        newestId: sql<string>`student_last_message_id(${students.id})`,
      })
      .from(students)
      .where(eq(students.id, studentId));
    return row;
  }

  it('two replies stored at once are both unread', async () => {
    const studentId = await newStudent();
    await atOnce(
      (client) => insertMessage(client, studentId, 1, 'family'),
      (client) => insertMessage(client, studentId, 2, 'family'),
    );
    const row = await kept(studentId);
    expect(row?.counted).toBe(2);
    expect(row?.unread).toBe(2);
    expect(row?.lastMessageId).toBe(row?.newestId);
  });

  it('a reply and an undelivered text stored at once: one unread, one needing the tutor', async () => {
    const studentId = await newStudent();
    await atOnce(
      (client) => insertMessage(client, studentId, 1, 'tutor', 'undelivered'),
      (client) => insertMessage(client, studentId, 2, 'family'),
    );
    const row = await kept(studentId);
    expect(row?.unread).toBe(1);
    expect(row?.attention).toBe(1);
    // The reply (10:02) is the latest message, although the text's transaction committed first.
    expect(row?.lastMessageId).toBe(row?.newestId);
  });

  it('a read mark moved while a later reply is stored leaves that reply unread', async () => {
    const studentId = await newStudent();
    const { rows } = await insertMessage(clients[0] as pg.Client, studentId, 1, 'family');
    const readId = (rows[0] as { id: string }).id;
    expect((await kept(studentId))?.unread).toBe(1);
    await atOnce(
      (client) =>
        client.query(
          `insert into conversation_reads (tutor_id, student_id, message_id, message_sent_at)
           values ($1, $2, $3, $4)`,
          [tutorId, studentId, readId, new Date(Date.UTC(2026, 2, 14, 10, 1))],
        ),
      (client) => insertMessage(client, studentId, 5, 'family'),
    );
    const row = await kept(studentId);
    expect(row?.counted).toBe(1);
    expect(row?.unread).toBe(1);
  });

  it('a reply stored while the read mark moves past the one before: still counted', async () => {
    const studentId = await newStudent();
    const { rows } = await insertMessage(clients[0] as pg.Client, studentId, 1, 'family');
    const readId = (rows[0] as { id: string }).id;
    await atOnce(
      (client) => insertMessage(client, studentId, 5, 'family'),
      (client) =>
        client.query(
          `insert into conversation_reads (tutor_id, student_id, message_id, message_sent_at)
           values ($1, $2, $3, $4)`,
          [tutorId, studentId, readId, new Date(Date.UTC(2026, 2, 14, 10, 1))],
        ),
    );
    const row = await kept(studentId);
    expect(row?.counted).toBe(1);
    expect(row?.unread).toBe(1);
  });
});
