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

/**
 * A conversation's latest message as the student list and the chat's student read it: what the
 * legacy fields (Last_Message, Last_Message_By) and the dashboard's preview (lastMessage) show.
 */
export interface LastMessageRow {
  id: string;
  body: string;
  fromTutor: boolean;
  messageType: string;
  translatedBody: string | null;
  sentAt: Date;
  deliveryStatus: string;
  mediaCount: number;
}

/** The newest of the tutor's texts that need them, and how many do (students.attention_*). */
export interface AttentionRow {
  count: number;
  messageId: string;
  deliveryStatus: string;
  errorCode: string | null;
}

/** What a student's entry shows of their conversation besides the student's own fields. */
export interface ConversationSummary {
  lastSessionDate: string | null;
  lastMessage: LastMessageRow | null;
  unreadCount: number;
  attention: AttentionRow | null;
}

/** A correspondent as the profile query returns it: the student's row as JSON, snake_case. */
interface CorrespondentJson {
  student: Record<string, unknown>;
  /** The xmin of the student's row (studentRowVersions). */
  version: string;
  lastSessionDate: string | null;
  unreadCount: number;
  lastMessage: (Omit<LastMessageRow, 'sentAt'> & { sentAt: string }) | null;
  attention: AttentionRow | null;
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
  textOptedOutAt: students.textOptedOutAt,
  textOptOutReason: students.textOptOutReason,
  textOptOutKeyword: students.textOptOutKeyword,
  helpRequestedAt: students.helpRequestedAt,
} as const;

export type ListedStudent = Pick<StudentRow, keyof typeof listedStudentColumns>;

export interface Correspondent extends ConversationSummary {
  student: ListedStudent;
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

/**
 * The tutor's sessions and minutes on or after `recentSince`: an index-only range of (tutor_id,
 * session_date, minutes). The date is read through a subselect so the planner cannot see it: with
 * it visible (and the older index without minutes), PostgreSQL judged plans for one date and never
 * settled on the statement's generic plan, planning it again on every request (0.55 ms, more than
 * running it). The plan is the same range either way.
 */
const recentTotals = sql<{ sessions: number; minutes: number }>`(
  select json_build_object(
    'sessions', count(*), 'minutes', coalesce(sum(${tutoringSessions.minutes}), 0))
  from ${tutoringSessions}
  where ${tutoringSessions.tutorId} = ${qualifiedTutorId}
    and ${tutoringSessions.sessionDate} >= (select ${sql.placeholder('recentSince')}::date)
)`;

/**
 * The versions of the tutor's students' rows, in the list's order (by name): each one's id and
 * xmin, the transaction that wrote the row as it stands (every update of a row writes a new
 * version, and a version is never written twice). Triggers keep on each row what its entry
 * derives from other tables (conversation_version, last_message_id, last_session_date,
 * unread_count, attention_*: migrations 0002, 0015, 0016), so a new message, a status, a
 * translation, a read mark or a session gives it a new version without the digest reading those
 * tables. Cheaper than digesting the rows' text: an md5 of each whole row, aggregated apart from
 * the list, cost the profile query a fifth more time (`pnpm bench:api`); a row rewritten
 * unchanged only costs a dashboard one full answer. The profile query carries each version in its
 * student's entry instead (studentVersionsOf); both give the same text. Null for no students.
 */
const studentRowVersions = sql<string | null>`string_agg(
  ${qualifiedStudentId}::text || ':' || ${students}.xmin::text, ','
  order by ${students.firstName}, ${students.lastName}, ${qualifiedStudentId})`;

/** The profile query's list as studentRowVersions writes it. */
function studentVersionsOf(list: CorrespondentJson[]): string | null {
  if (list.length === 0) return null;
  return list.map((entry) => `${entry.student.id}:${entry.version}`).join(',');
}

/** The version of the tutor's own row (see studentRowVersions). */
const tutorRowVersion = sql<string>`${tutors}.xmin::text`;

/** What a student's entry shows of their latest message (students.last_message_id). */
const lastMessageJson = sql`(
  select json_build_object(
    'id', ${messages.id},
    'body', ${messages.body},
    'translatedBody', ${messages.translatedBody},
    'fromTutor', ${messages.fromTutor},
    'messageType', ${messages.messageType},
    'sentAt', ${messages.sentAt},
    'deliveryStatus', ${messages.deliveryStatus},
    'mediaCount', ${messages.mediaCount})
  from ${messages}
  where ${messages.id} = ${qualifiedStudentColumn(students.lastMessageId)}
)`;

/** The newest of the tutor's texts needing them, read by its id only when there is one. */
export const attentionJson = sql`case when ${qualifiedStudentColumn(students.attentionMessageId)} is not null
  then (
    select json_build_object(
      'count', ${qualifiedStudentColumn(students.attentionCount)},
      'messageId', ${messages.id},
      'deliveryStatus', ${messages.deliveryStatus},
      'errorCode', ${messages.errorCode})
    from ${messages}
    where ${messages.id} = ${qualifiedStudentColumn(students.attentionMessageId)}
  ) end`;

const tutorProfileByEmail = (db: Database) =>
  db
    .select({
      tutor: tutors,
      // All-time totals are kept on the tutor's row, the last 30 days are a short range.
      recent: recentTotals,
      // The version of the tutor's row, for GET /tutor's ETag (tutor-etag.ts).
      tutorVersion: tutorRowVersion,
      // The tutor's own students by name, each with the date of their latest recorded session,
      // their conversation's latest message (failed first sends are not part of it), their
      // unread count and what needs the tutor: all kept on the student's row by triggers
      // (migrations 0015 and 0016), the messages read by their ids, so the cost follows the
      // tutor's students, not the size of the sessions and messages tables; and the version of
      // each student's row, for the ETag. In this query rather than a second one: every
      // statement is a round trip and a write to the database's socket, the largest cost of a
      // request under load (`pnpm bench:api`).
      correspondents: sql<CorrespondentJson[]>`(
        select coalesce(json_agg(json_build_object(
          'student', ${listedStudentJson},
          'version', ${students}.xmin,
          'lastSessionDate', ${qualifiedStudentColumn(students.lastSessionDate)},
          'unreadCount', ${qualifiedStudentColumn(students.unreadCount)},
          'lastMessage', ${lastMessageJson},
          'attention', ${attentionJson}
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
 * What GET /tutor's answer shows from the database, in short (tutor-etag.ts): the versions of the
 * tutor's row and of their students' rows, and the last 30 days' totals. The ETag of the profile
 * query's answer is made of the same parts.
 */
export interface TutorDigest {
  tutorId: string;
  tutorVersion: string;
  studentVersions: string | null;
  recent: { sessions: number; minutes: number };
}

const tutorDigestByEmail = (db: Database) =>
  db
    .select({
      tutorId: tutors.id,
      tutorVersion: tutorRowVersion,
      studentVersions: sql<string | null>`(
        select ${studentRowVersions} from ${students}
        where ${students.tutorId} = ${qualifiedTutorId}
      )`,
      recent: recentTotals,
    })
    .from(tutors)
    .where(
      sql`lower(${tutors.email}) = ${sql.placeholder('email')} and ${tutors.archivedAt} is null`,
    )
    .limit(1)
    .prepare('tutor_digest_by_email');

/**
 * For a dashboard's conditional GET /tutor: the digest of the tutor with this e-mail, without the
 * answer itself (no JSON is built, no message is read). Undefined when no tutor has the e-mail.
 */
export async function findTutorDigest(
  db: Database,
  email: string,
  recentSince: string,
): Promise<TutorDigest | undefined> {
  const [row] = await prepared(db, tutorDigestByEmail).execute({
    email: email.toLowerCase(),
    recentSince,
  });
  return row;
}

/**
 * In one query: the tutor with this e-mail, all-time totals of their recorded sessions and those
 * on or after `recentSince`, their students with each one's conversation summary, and the digest
 * of it all. Undefined when no tutor has the e-mail. (What all tutors share comes from
 * reference-data.ts.)
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
      digest: TutorDigest;
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
      unreadCount: correspondent.unreadCount,
      lastMessage: correspondent.lastMessage && {
        ...correspondent.lastMessage,
        sentAt: new Date(correspondent.lastMessage.sentAt),
      },
      attention: correspondent.attention,
    })),
    digest: {
      tutorId: row.tutor.id,
      tutorVersion: row.tutorVersion,
      studentVersions: studentVersionsOf(row.correspondents),
      recent: row.recent,
    },
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
