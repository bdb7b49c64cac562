import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import {
  messages,
  students,
  titleThresholds,
  tutoringSessions,
  tutors,
  weeklyAnnouncements,
} from '../../db/schema.ts';

export type TutorRow = typeof tutors.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type TitleThresholdRow = typeof titleThresholds.$inferSelect;
export type WeeklyAnnouncementRow = typeof weeklyAnnouncements.$inferSelect;

/** How many weekly announcements GET /tutor carries, newest first. */
const WEEKLY_ANNOUNCEMENT_LIMIT = 20;

const tutorByEmail = (db: Database) =>
  db
    .select()
    .from(tutors)
    .where(sql`lower(${tutors.email}) = ${sql.placeholder('email')}`)
    .limit(1)
    .prepare('tutor_by_email');

export async function findTutorByEmail(db: Database, email: string): Promise<TutorRow | undefined> {
  const [tutor] = await prepared(db, tutorByEmail).execute({ email: email.toLowerCase() });
  return tutor;
}

/**
 * `students.id` written with its table's name, for subqueries that refer to the student of the
 * outer row: drizzle leaves columns unqualified in a single-table select, and an unqualified `id`
 * inside a subquery would name the subquery's own table.
 */
export const qualifiedStudentId = sql`${students}.${sql.identifier(students.id.name)}`;

/** A conversation's latest message, as the student list shows it (Last_Message, Last_Message_By). */
export interface LastMessage {
  body: string;
  by: 'Tutor' | 'Guardian' | 'Admin';
}

export function lastMessageOf(row: {
  body: string;
  fromTutor: boolean;
  messageType: string;
}): LastMessage {
  return {
    body: row.body,
    by: row.fromTutor ? 'Tutor' : row.messageType === 'activity' ? 'Guardian' : 'Admin',
  };
}

const correspondentsOfTutor = (db: Database) =>
  db
    .select({
      student: students,
      lastSessionDate: sql<string | null>`(
        select max(${tutoringSessions.sessionDate}) from ${tutoringSessions}
        where ${tutoringSessions.studentId} = ${qualifiedStudentId}
      )`.mapWith(tutoringSessions.sessionDate),
      // One `limit 1` read from the (student_id, sent_at) index per student; failed sends are
      // not part of a conversation.
      lastMessage: sql<{ body: string; fromTutor: boolean; messageType: string } | null>`(
        select json_build_object(
          'body', ${messages.body},
          'fromTutor', ${messages.fromTutor},
          'messageType', ${messages.messageType})
        from ${messages}
        where ${messages.studentId} = ${qualifiedStudentId}
          and ${messages.deliveryStatus} <> 'failed'
        order by ${messages.sentAt} desc, ${messages.id} desc
        limit 1
      )`,
    })
    .from(students)
    .where(eq(students.tutorId, sql.placeholder('tutorId')))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
    .prepare('correspondents_of_tutor');

/**
 * The tutor's own students, each with the date of their latest recorded session and their
 * conversation's latest message. Both are read per student from the (student_id, session_date)
 * and (student_id, sent_at) indexes, so the cost follows the tutor's students, not the size of
 * the sessions and messages tables.
 */
export async function listCorrespondents(
  db: Database,
  tutorId: string,
): Promise<
  Array<{ student: StudentRow; lastSessionDate: string | null; lastMessage: LastMessage | null }>
> {
  const rows = await prepared(db, correspondentsOfTutor).execute({ tutorId });
  return rows.map((row) => ({
    student: row.student,
    lastSessionDate: row.lastSessionDate ?? null,
    lastMessage: row.lastMessage ? lastMessageOf(row.lastMessage) : null,
  }));
}

export interface SessionTotals {
  sessions: number;
  minutes: number;
  recentSessions: number;
  recentMinutes: number;
}

const sessionTotalsOfTutor = (db: Database) => {
  const recent = gte(tutoringSessions.sessionDate, sql.placeholder('recentSince'));
  return db
    .select({
      sessions: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${tutoringSessions.minutes}), 0)::int`,
      recentSessions: sql<number>`(count(*) filter (where ${recent}))::int`,
      recentMinutes: sql<number>`coalesce(sum(${tutoringSessions.minutes}) filter (where ${recent}), 0)::int`,
    })
    .from(tutoringSessions)
    .where(eq(tutoringSessions.tutorId, sql.placeholder('tutorId')))
    .prepare('session_totals_of_tutor');
};

/** All-time totals of the tutor's recorded sessions, and those on or after `recentSince`. */
export async function sessionTotals(
  db: Database,
  tutorId: string,
  recentSince: string,
): Promise<SessionTotals> {
  const [totals] = await prepared(db, sessionTotalsOfTutor).execute({ tutorId, recentSince });
  return totals ?? { sessions: 0, minutes: 0, recentSessions: 0, recentMinutes: 0 };
}

const titleThresholdsAscending = (db: Database) =>
  db
    .select()
    .from(titleThresholds)
    .orderBy(asc(titleThresholds.minMinutes))
    .prepare('title_thresholds_ascending');

export function listTitleThresholds(db: Database): Promise<TitleThresholdRow[]> {
  return prepared(db, titleThresholdsAscending).execute();
}

const latestWeeklyAnnouncements = (db: Database) =>
  db
    .select()
    .from(weeklyAnnouncements)
    .orderBy(desc(weeklyAnnouncements.createdAt), desc(weeklyAnnouncements.id))
    .limit(WEEKLY_ANNOUNCEMENT_LIMIT)
    .prepare('latest_weekly_announcements');

export function listWeeklyAnnouncements(db: Database): Promise<WeeklyAnnouncementRow[]> {
  return prepared(db, latestWeeklyAnnouncements).execute();
}

/**
 * Stores the latest viewed announcement unless a later one is already stored, and returns what
 * is stored afterwards (undefined when the tutor does not exist).
 */
export async function recordLatestViewedAnnouncement(
  db: Database,
  tutorId: string,
  viewed: { id: string; date: Date },
): Promise<{ id: string; date: Date } | undefined> {
  await db
    .update(tutors)
    .set({ latestViewedAnnouncementId: viewed.id, latestViewedAnnouncementAt: viewed.date })
    .where(
      and(
        eq(tutors.id, tutorId),
        sql`(${tutors.latestViewedAnnouncementAt} is null or ${tutors.latestViewedAnnouncementAt} <= ${viewed.date.toISOString()})`,
      ),
    );
  const [row] = await db
    .select({ id: tutors.latestViewedAnnouncementId, date: tutors.latestViewedAnnouncementAt })
    .from(tutors)
    .where(eq(tutors.id, tutorId));
  return row?.id && row.date ? { id: row.id, date: row.date } : undefined;
}
