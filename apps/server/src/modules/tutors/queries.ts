import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import {
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

export async function findTutorByEmail(db: Database, email: string): Promise<TutorRow | undefined> {
  const [tutor] = await db
    .select()
    .from(tutors)
    .where(sql`lower(${tutors.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return tutor;
}

/**
 * `students.id` written with its table's name, for subqueries that refer to the student of the
 * outer row: drizzle leaves columns unqualified in a single-table select, and an unqualified `id`
 * inside a subquery would name the subquery's own table.
 */
export const qualifiedStudentId = sql`${students}.${sql.identifier(students.id.name)}`;

/**
 * The tutor's own students, each with the date of their latest recorded session. The date is read
 * per student from the (student_id, session_date) index, so the cost follows the tutor's students,
 * not the size of the sessions table.
 */
export async function listCorrespondents(
  db: Database,
  tutorId: string,
): Promise<Array<{ student: StudentRow; lastSessionDate: string | null }>> {
  const lastSessionDate = sql<string | null>`(
    select max(${tutoringSessions.sessionDate}) from ${tutoringSessions}
    where ${tutoringSessions.studentId} = ${qualifiedStudentId}
  )`.mapWith(tutoringSessions.sessionDate);
  const rows = await db
    .select({ student: students, lastSessionDate })
    .from(students)
    .where(eq(students.tutorId, tutorId))
    .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
  return rows.map((row) => ({
    student: row.student,
    lastSessionDate: row.lastSessionDate ?? null,
  }));
}

export interface SessionTotals {
  sessions: number;
  minutes: number;
  recentSessions: number;
  recentMinutes: number;
}

/** All-time totals of the tutor's recorded sessions, and those on or after `recentSince`. */
export async function sessionTotals(
  db: Database,
  tutorId: string,
  recentSince: string,
): Promise<SessionTotals> {
  const recent = gte(tutoringSessions.sessionDate, recentSince);
  const [totals] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${tutoringSessions.minutes}), 0)::int`,
      recentSessions: sql<number>`(count(*) filter (where ${recent}))::int`,
      recentMinutes: sql<number>`coalesce(sum(${tutoringSessions.minutes}) filter (where ${recent}), 0)::int`,
    })
    .from(tutoringSessions)
    .where(eq(tutoringSessions.tutorId, tutorId));
  return totals ?? { sessions: 0, minutes: 0, recentSessions: 0, recentMinutes: 0 };
}

export function listTitleThresholds(db: Database): Promise<TitleThresholdRow[]> {
  return db.select().from(titleThresholds).orderBy(asc(titleThresholds.minMinutes));
}

export function listWeeklyAnnouncements(db: Database): Promise<WeeklyAnnouncementRow[]> {
  return db
    .select()
    .from(weeklyAnnouncements)
    .orderBy(desc(weeklyAnnouncements.createdAt), desc(weeklyAnnouncements.id))
    .limit(WEEKLY_ANNOUNCEMENT_LIMIT);
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
