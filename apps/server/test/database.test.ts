import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openPglite, rowsOf } from '../src/db/open.ts';
import {
  actionItems,
  applicants,
  messages,
  pathways,
  portalAnnouncements,
  students,
  titleThresholds,
  tutoringSessions,
  tutors,
} from '../src/db/schema.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { onPostgres, openTestDatabase, type TestDatabase } from './support/database.ts';

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

/** Rows of a raw query, whichever the driver. */
async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

/** The constraint a statement violated, as either driver names it; throws if it succeeded. */
async function violatedConstraint(statement: Promise<unknown>): Promise<string | undefined> {
  const error = await statement.then(
    () => {
      throw new Error('The statement succeeded.');
    },
    (failure: { cause?: { constraint?: string; constraint_name?: string } }) => failure,
  );
  return error.cause?.constraint ?? error.cause?.constraint_name;
}

async function appliedMigrations(db: Database): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count);
}

async function tableNames(db: Database): Promise<string[]> {
  const tables = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return tables.map((row) => row.table_name);
}

describe(`migrations on ${onPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('are applied when the database is opened', async () => {
    const db = database.handle.db;
    expect(await appliedMigrations(db)).toBe(journal.entries.length);
    expect(await tableNames(db)).toEqual([
      'action_items',
      'applicants',
      'conversation_reads',
      'dev_outbox',
      'dev_sms_outbox',
      'event_registrations',
      'integration_audit',
      'integration_keys',
      'lesson_completions',
      'lessons',
      'message_media',
      'messages',
      'notification_jobs',
      'notification_settings',
      'pathways',
      'portal_announcement_reads',
      'portal_announcements',
      'pre_assessment_forms',
      'rate_limit_counters',
      'step_up_tokens',
      'students',
      'text_translations',
      'title_thresholds',
      'training_events',
      'tutoring_sessions',
      'tutors',
      'webhook_events',
      'weekly_announcements',
    ]);
  });

  it('enforce one tutor per e-mail, whatever its case', async () => {
    const db = database.handle.db;
    const base = { firstName: 'A', lastName: 'B' };
    await insertTutor(db, {
      ...base,
      externalRecordId: 'rec-case-1',
      tutorCode: 'T-CASE-1',
      email: 'case.test@tutoring.example.org',
    });
    expect(
      await violatedConstraint(
        insertTutor(db, {
          ...base,
          externalRecordId: 'rec-case-2',
          tutorCode: 'T-CASE-2',
          email: 'Case.Test@Tutoring.Example.org',
        }),
      ),
    ).toBe('tutors_email_lower_unique');
  });

  it("enforce one tutor per record id of the organisation's data store", async () => {
    const db = database.handle.db;
    const base = { firstName: 'A', lastName: 'B', externalRecordId: 'rec-once' };
    await insertTutor(db, { ...base, tutorCode: 'T-REC-1', email: 'rec.one@tutoring.example.org' });
    expect(
      await violatedConstraint(
        insertTutor(db, { ...base, tutorCode: 'T-REC-2', email: 'rec.two@tutoring.example.org' }),
      ),
    ).toBe('tutors_external_record_id_unique');
  });

  it("keep each tutor's session totals and each student's conversation version", async () => {
    const db = database.handle.db;
    const base = { firstName: 'T', lastName: 'Totals' };
    const ada = await insertTutor(db, {
      ...base,
      externalRecordId: 'rec-totals-1',
      tutorCode: 'T-TOT-1',
      email: 'totals.ada@tutoring.example.org',
    });
    const ben = await insertTutor(db, {
      ...base,
      externalRecordId: 'rec-totals-2',
      tutorCode: 'T-TOT-2',
      email: 'totals.ben@tutoring.example.org',
    });
    const student = await insertStudent(db, {
      tutorId: ada.id,
      studentCode: 'S-TOT-1',
      firstName: 'S',
      lastName: 'Totals',
      forwardingNumber: '+15550199001',
    });
    const totals = async (tutorId: string) => {
      const [row] = await db
        .select({ sessions: tutors.sessionCount, minutes: tutors.sessionMinutes })
        .from(tutors)
        .where(eq(tutors.id, tutorId));
      return row;
    };
    const version = async () => {
      const [row] = await db
        .select({ version: students.conversationVersion })
        .from(students)
        .where(eq(students.id, student.id));
      return row?.version;
    };

    // One statement with several rows, for two tutors.
    const inserted = await db
      .insert(tutoringSessions)
      .values([
        { tutorId: ada.id, studentId: student.id, sessionDate: '2026-03-01', minutes: 30 },
        { tutorId: ada.id, studentId: student.id, sessionDate: '2026-03-08', minutes: 45 },
        { tutorId: ben.id, studentId: student.id, sessionDate: '2026-03-09', minutes: 60 },
      ])
      .returning({ id: tutoringSessions.id });
    expect(await totals(ada.id)).toEqual({ sessions: 2, minutes: 75 });
    expect(await totals(ben.id)).toEqual({ sessions: 1, minutes: 60 });
    // A session corrected to another tutor and another length moves between the totals.
    await db
      .update(tutoringSessions)
      .set({ tutorId: ben.id, minutes: 50 })
      .where(eq(tutoringSessions.id, String(inserted[0]?.id)));
    expect(await totals(ada.id)).toEqual({ sessions: 1, minutes: 45 });
    expect(await totals(ben.id)).toEqual({ sessions: 2, minutes: 110 });
    await db.delete(tutoringSessions).where(eq(tutoringSessions.tutorId, ben.id));
    expect(await totals(ben.id)).toEqual({ sessions: 0, minutes: 0 });
    expect(await totals(ada.id)).toEqual({ sessions: 1, minutes: 45 });

    expect(await version()).toBe(0);
    const [message] = await db
      .insert(messages)
      .values({
        studentId: student.id,
        body: 'Hello',
        fromTutor: true,
        deliveryStatus: 'queued',
      })
      .returning({ id: messages.id });
    expect(await version()).toBe(1);
    await db
      .update(messages)
      .set({ deliveryStatus: 'sent' })
      .where(eq(messages.id, String(message?.id)));
    expect(await version()).toBe(2);
    await db
      .update(messages)
      .set({ deliveryStatus: 'failed' })
      .where(eq(messages.id, String(message?.id)));
    expect(await version()).toBe(3);
    // A failed send is not part of the conversation: touching it changes nothing.
    await db
      .update(messages)
      .set({ failureReason: 'refused' })
      .where(eq(messages.id, String(message?.id)));
    await db.delete(messages).where(eq(messages.id, String(message?.id)));
    expect(await version()).toBe(3);
    await db
      .insert(messages)
      .values({ studentId: student.id, body: 'Hi', fromTutor: true, deliveryStatus: 'failed' });
    expect(await version()).toBe(3);
    await db
      .insert(messages)
      .values({ studentId: student.id, body: 'Hi', fromTutor: false, deliveryStatus: 'received' });
    expect(await version()).toBe(4);

    // Removing a tutor or a student takes their rows with them without an error.
    await db.delete(students).where(eq(students.id, student.id));
    await db.delete(tutors).where(eq(tutors.id, ada.id));
    await db.delete(tutors).where(eq(tutors.id, ben.id));
  });

  it('seed the demo data once: a second seeding changes nothing', async () => {
    const db = database.handle.db;
    await db.delete(tutors);
    const now = new Date('2026-03-15T12:00:00Z');
    expect(await seedDemoData(db, { now })).toBe(true);
    const count = async () => {
      const [row] = await db
        .select({
          tutors: sql<number>`(select count(*)::int from ${tutors})`,
          students: sql<number>`(select count(*)::int from ${students})`,
          sessions: sql<number>`(select count(*)::int from ${tutoringSessions})`,
          titles: sql<number>`(select count(*)::int from ${titleThresholds})`,
          messages: sql<number>`(select count(*)::int from ${messages})`,
          messageTypes: sql<number>`(select count(distinct message_type)::int from ${messages})`,
          announcements: sql<number>`(select count(*)::int from ${portalAnnouncements})`,
          actionItems: sql<number>`(select count(*)::int from ${actionItems})`,
          pathways: sql<number>`(select count(*)::int from ${pathways})`,
          results: sql<number>`(select count(distinct assessment_result)::int from ${pathways})`,
          applicants: sql<number>`(select count(*)::int from ${applicants})`,
        })
        .from(sql`(select 1) as one`);
      return row;
    };
    const first = await count();
    expect(first).toEqual({
      tutors: 2,
      students: 6,
      sessions: expect.any(Number),
      titles: 5,
      messages: 14,
      messageTypes: 2,
      announcements: 4,
      actionItems: 5,
      pathways: 5,
      results: 3,
      applicants: 5,
    });
    const [sam] = await db
      .select()
      .from(applicants)
      .where(eq(applicants.email, 'sam.rivera@example.com'));
    expect(sam).toMatchObject({ firstName: 'Sam', lastName: 'Rivera' });
    expect(first?.sessions).toBeGreaterThan(40);
    expect(await seedDemoData(db, { now })).toBe(false);
    expect(await count()).toEqual(first);
    const emails = await db.select({ email: tutors.email }).from(tutors).orderBy(tutors.email);
    expect(emails.map((row) => row.email)).toEqual([
      DEMO_TUTOR_EMAILS.jordan,
      DEMO_TUTOR_EMAILS.maya,
    ]);
  });
});

describe('a PGlite data folder', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'server-pglite-')), 'nested', 'data');
  afterAll(() => rmSync(join(dataDir, '../..'), { recursive: true, force: true }));

  it('is created and migrated on first open, and its data is reused on the next', async () => {
    const first = await openPglite(dataDir);
    try {
      expect(await appliedMigrations(first.db)).toBe(journal.entries.length);
      await insertTutor(first.db, {
        tutorCode: 'T-REUSE',
        externalRecordId: 'recReuse',
        firstName: 'Reuse',
        lastName: 'Test',
        email: 'reuse.test@tutoring.example.org',
      });
    } finally {
      await first.close();
    }

    const second = await openPglite(dataDir);
    try {
      expect(await appliedMigrations(second.db)).toBe(journal.entries.length);
      const rows = await second.db.select({ email: tutors.email }).from(tutors);
      expect(rows).toEqual([{ email: 'reuse.test@tutoring.example.org' }]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
