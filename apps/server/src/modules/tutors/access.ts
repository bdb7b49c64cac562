// The tutor behind a Google session, and the rule every tutor call follows: a student who is not
// one of the caller's own correspondents does not exist for them (404, never data).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { students } from '../../db/schema.ts';
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

export async function ownStudent(
  db: Database,
  tutorId: string,
  studentId: string,
): Promise<StudentRow> {
  if (!isRecordUuid(studentId)) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
  const [student] = await prepared(db, studentOfTutor).execute({ studentId, tutorId });
  if (!student) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
  return student;
}

const studentOfTutor = (db: Database) =>
  db
    .select()
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        eq(students.tutorId, sql.placeholder('tutorId')),
      ),
    )
    .limit(1)
    .prepare('student_of_tutor');
