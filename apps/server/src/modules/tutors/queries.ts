import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
    // An archived tutor signs in to nothing: 'We cannot find your account'.
    .where(
      sql`lower(${tutors.email}) = ${sql.placeholder('email')} and ${tutors.archivedAt} is null`,
    )
    .limit(1)
    .prepare('tutor_by_email');

export async function findTutorByEmail(db: Database, email: string): Promise<TutorRow | undefined> {
  const [tutor] = await prepared(db, tutorByEmail).execute({ email: email.toLowerCase() });
  return tutor;
}

/**
 * A column of `students` written with its table's name, for subqueries that refer to the student
 * of the outer row: drizzle leaves columns unqualified in a single-table select, and an
 * unqualified `id` inside a subquery would name the subquery's own table.
 */
const qualifiedStudentColumn = (column: AnyPgColumn) =>
  sql`${students}.${sql.identifier(column.name)}`;

export const qualifiedStudentId = qualifiedStudentColumn(students.id);

/** A conversation's latest message, as the student list shows it (Last_Message, Last_Message_By). */
export interface LastMessage {
  body: string;
  by: 'Tutor' | 'Guardian' | 'Admin';
}

export function lastMessageOf(row: {
  body: string;
  fromTutor: boolean;
  messageType: string;
  translatedBody?: string | null;
}): LastMessage {
  return {
    // A family's reply reads in English for the tutor, as the chat shows it.
    body: (!row.fromTutor && row.translatedBody) || row.body,
    by: row.fromTutor ? 'Tutor' : row.messageType === 'activity' ? 'Guardian' : 'Admin',
  };
}

/** A correspondent as the profile query returns it: the student's row as JSON, snake_case. */
interface CorrespondentJson {
  student: Record<string, unknown>;
  lastSessionDate: string | null;
  lastMessage: {
    body: string;
    fromTutor: boolean;
    messageType: string;
    translatedBody: string | null;
  } | null;
}

/** What a student's entry in a list shows (toStudentResponse): their row without the rest. */
const listedStudentColumns = {
  id: students.id,
  studentCode: students.studentCode,
  firstName: students.firstName,
  lastName: students.lastName,
  guardianFirstName: students.guardianFirstName,
  guardianLastName: students.guardianLastName,
  studentLanguage: students.studentLanguage,
  language: students.language,
  district: students.district,
  school: students.school,
  grade: students.grade,
  programType: students.programType,
  firstMatchedAt: students.firstMatchedAt,
  availability: students.availability,
  tutoringCode: students.tutoringCode,
  information: students.information,
  mathToolId: students.mathToolId,
  subjects: students.subjects,
  forwardingNumber: students.forwardingNumber,
} as const;

export type ListedStudent = Pick<StudentRow, keyof typeof listedStudentColumns>;

export interface Correspondent {
  student: ListedStudent;
  lastSessionDate: string | null;
  lastMessage: LastMessage | null;
}

const listedColumns = Object.entries(listedStudentColumns);

/**
 * The listed columns as a JSON object keyed by column name, built by the database: a student's
 * whole row (row_to_json) is a third larger, to build, send, parse and map.
 */
const listedStudentJson = sql`json_build_object(${sql.join(
  listedColumns.map(
    ([, column]) => sql`${sql.raw(`'${column.name}'`)}, ${qualifiedStudentColumn(column)}`,
  ),
  sql`, `,
)})`;

/** A student's listed columns from listedStudentJson, read back through the columns' own mappers. */
function studentFromJson(json: Record<string, unknown>): ListedStudent {
  const row: Record<string, unknown> = {};
  for (const [key, column] of listedColumns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ListedStudent;
}

export interface SessionTotals {
  sessions: number;
  minutes: number;
  recentSessions: number;
  recentMinutes: number;
}

/** `tutors.id` written with its table's name, for subqueries of a select from tutors. */
const qualifiedTutorId = sql`${tutors}.${sql.identifier(tutors.id.name)}`;

const tutorProfileByEmail = (db: Database) =>
  db
    .select({
      tutor: tutors,
      // All-time totals are kept on the tutor's row; the last 30 days are an index-only range of
      // (tutor_id, session_date, minutes). The date is read through a subselect so the planner
      // cannot see it: with it visible (and the older index without minutes), PostgreSQL judged
      // plans for one date and never settled on the statement's generic plan, planning it again
      // on every request (0.55 ms, more than running it). The plan is the same range either way.
      recent: sql<{ sessions: number; minutes: number }>`(
        select json_build_object(
          'sessions', count(*), 'minutes', coalesce(sum(${tutoringSessions.minutes}), 0))
        from ${tutoringSessions}
        where ${tutoringSessions.tutorId} = ${qualifiedTutorId}
          and ${tutoringSessions.sessionDate} >= (select ${sql.placeholder('recentSince')}::date)
      )`,
      // The tutor's own students by name, each with the date of their latest recorded session
      // and their conversation's latest message (failed first sends are not part of it): both
      // kept on the student's row by triggers (migration 0015), the message read by its id, so
      // the cost follows the tutor's students, not the size of the sessions and messages tables.
      // In this query rather than a second one: every statement is a round trip and a write to
      // the database's socket, the largest cost of a request under load (`pnpm bench:api`).
      correspondents: sql<CorrespondentJson[]>`(
        select coalesce(json_agg(json_build_object(
          'student', ${listedStudentJson},
          'lastSessionDate', ${qualifiedStudentColumn(students.lastSessionDate)},
          'lastMessage', (
            select json_build_object(
              'body', ${messages.body},
              'translatedBody', ${messages.translatedBody},
              'fromTutor', ${messages.fromTutor},
              'messageType', ${messages.messageType})
            from ${messages}
            where ${messages.id} = ${qualifiedStudentColumn(students.lastMessageId)}
          )
        ) order by ${students.firstName}, ${students.lastName}, ${qualifiedStudentId}), '[]'::json)
        from ${students}
        where ${students.tutorId} = ${qualifiedTutorId}
      )`,
    })
    .from(tutors)
    // An archived tutor signs in to nothing: 'We cannot find your account'.
    .where(
      sql`lower(${tutors.email}) = ${sql.placeholder('email')} and ${tutors.archivedAt} is null`,
    )
    .limit(1)
    .prepare('tutor_profile_by_email');

/**
 * In one query: the tutor with this e-mail, all-time totals of their recorded sessions and those
 * on or after `recentSince`, and their students with each one's last session and last message.
 * Undefined when no tutor has the e-mail. (What all tutors share comes from reference-data.ts.)
 */
export async function findTutorProfile(
  db: Database,
  email: string,
  recentSince: string,
): Promise<
  | {
      tutor: TutorRow;
      totals: SessionTotals;
      correspondents: Correspondent[];
    }
  | undefined
> {
  const [row] = await prepared(db, tutorProfileByEmail).execute({
    email: email.toLowerCase(),
    recentSince,
  });
  if (!row) return undefined;
  return {
    tutor: row.tutor,
    totals: {
      sessions: row.tutor.sessionCount,
      minutes: row.tutor.sessionMinutes,
      recentSessions: row.recent.sessions,
      recentMinutes: row.recent.minutes,
    },
    correspondents: row.correspondents.map((correspondent) => ({
      student: studentFromJson(correspondent.student),
      lastSessionDate: correspondent.lastSessionDate,
      lastMessage: correspondent.lastMessage ? lastMessageOf(correspondent.lastMessage) : null,
    })),
  };
}

/** The title thresholds, lowest first. */
export function findTitleThresholds(db: Database): Promise<TitleThresholdRow[]> {
  return db.select().from(titleThresholds).orderBy(asc(titleThresholds.minMinutes));
}

/** The latest weekly announcements that are not archived, newest first. */
export function findLatestWeeklyAnnouncements(db: Database): Promise<WeeklyAnnouncementRow[]> {
  return db
    .select()
    .from(weeklyAnnouncements)
    .where(isNull(weeklyAnnouncements.archivedAt))
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
