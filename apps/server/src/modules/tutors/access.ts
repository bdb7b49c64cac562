// The tutor behind a Google session, and the rule every tutor call follows: a student who is not
// one of the caller's own correspondents does not exist for them (404, never data).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { students, tutors } from '../../db/schema.ts';
import { requireSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findTutorByEmail, type StudentRow, type TutorRow } from './queries.ts';

/** The message the portal's account-not-found screen matches (§8). */
export const TUTOR_NOT_FOUND_MESSAGE = 'We cannot find your account in our system.';
export const STUDENT_NOT_FOUND_MESSAGE = 'No such student among your correspondents.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a record id can name a row at all (our ids are UUIDs; anything else matches nothing). */
export function isRecordUuid(id: string): boolean {
  return UUID.test(id);
}

export async function currentTutor(db: Database, request: FastifyRequest): Promise<TutorRow> {
  const session = requireSession(request, 'google');
  const tutor = await findTutorByEmail(db, session.email);
  if (!tutor) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
  return tutor;
}

const tutorWithOwnStudent = (db: Database) =>
  db
    .select({ tutor: tutors, student: students })
    .from(tutors)
    .leftJoin(
      students,
      and(eq(students.id, sql.placeholder('studentId')), eq(students.tutorId, tutors.id)),
    )
    // An archived tutor signs in to nothing: 'We cannot find your account'.
    .where(
      sql`lower(${tutors.email}) = ${sql.placeholder('email')} and ${tutors.archivedAt} is null`,
    )
    .limit(1)
    .prepare('tutor_with_own_student');

/**
 * The tutor behind the session and one of their own students, in one statement: the calls about
 * one student (texts, pathways) pay one round trip to the database for both checks. A student who
 * is not the tutor's, or an id that cannot name one, is not found.
 */
export async function currentTutorAndOwnStudent(
  db: Database,
  request: FastifyRequest,
  studentId: string,
): Promise<{ tutor: TutorRow; student: StudentRow }> {
  if (!isRecordUuid(studentId)) {
    await currentTutor(db, request);
    throw notFound(STUDENT_NOT_FOUND_MESSAGE);
  }
  const session = requireSession(request, 'google');
  const [row] = await prepared(db, tutorWithOwnStudent).execute({
    email: session.email.toLowerCase(),
    studentId,
  });
  if (!row) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
  if (!row.student) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
  return { tutor: row.tutor, student: row.student };
}
