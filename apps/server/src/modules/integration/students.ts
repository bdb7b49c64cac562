// Students from the organisation's data store, keyed by their record id, with their guardian, the
// forwarding number tutors text, and the tutor they are matched with (by the tutor's record id).
import type { components } from '@tutoring/api/schema';
import { and, asc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import { isTimeZone } from '../../config.ts';
import type { Database } from '../../db/open.ts';
import { students, tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { textOptOutOf } from '../messages/opt-out.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { duplicatesInBatch, type FieldError, idsByRecordId, type UpsertKind } from './upsert.ts';

/** A student as the organisation's system sends it. */
export type StudentRecord = components['schemas']['IntegrationStudent'];

function studentColumns(record: StudentRecord, tutorId: string | null) {
  return {
    tutorId,
    studentCode: record.studentCode,
    firstName: record.firstName,
    lastName: record.lastName,
    forwardingNumber: record.forwardingNumber,
    guardianFirstName: record.guardianFirstName ?? '',
    guardianLastName: record.guardianLastName ?? '',
    guardianPhone: record.guardianPhone ?? null,
    language: record.language ?? '',
    studentLanguage: record.studentLanguage ?? '',
    district: record.district ?? '',
    school: record.school ?? '',
    grade: record.grade ?? '',
    programType: record.programType ?? '',
    availability: record.availability ?? '',
    subjects: record.subjects ?? [],
    // Left out or null: the organisation's (ORG_TIME_ZONE), for the family's quiet hours.
    timeZone: record.timeZone ?? null,
    // An upsert brings an archived record back.
    archivedAt: null as Date | null,
  };
}
type StudentColumns = ReturnType<typeof studentColumns>;

/**
 * The (forwarding number, guardian phone) pair a family's reply is matched on (messages/inbound.ts),
 * unique among students not archived (migration 0018); none without a guardian phone.
 */
function replyPair(row: StudentRecord): string | undefined {
  return row.guardianPhone ? JSON.stringify([row.forwardingNumber, row.guardianPhone]) : undefined;
}

const PAIR_TAKEN = 'with this forwardingNumber, belongs to another student';

/** Rows whose reply pair another stored student, not archived, already has. */
async function pairsHeldByOthers(db: Database, rows: StudentRecord[], errors: FieldError[][]) {
  const numbers = [...new Set(rows.map((row) => row.forwardingNumber))];
  if (numbers.length === 0) return;
  const held = await db
    .select({
      recordId: students.externalRecordId,
      forwardingNumber: students.forwardingNumber,
      guardianPhone: students.guardianPhone,
    })
    .from(students)
    .where(and(inArray(students.forwardingNumber, numbers), isNull(students.archivedAt)));
  rows.forEach((row, index) => {
    const holder = held.find(
      (other) =>
        other.recordId !== row.recordId &&
        other.guardianPhone !== null &&
        JSON.stringify([other.forwardingNumber, other.guardianPhone]) === replyPair(row),
    );
    if (holder) {
      errors[index]?.push({
        path: 'guardianPhone',
        message: holder.recordId
          ? `${PAIR_TAKEN} (record ${holder.recordId})`
          : `${PAIR_TAKEN} (one without a record id)`,
      });
    }
  });
}

/**
 * A write that breaks the pair's uniqueness after the checks above passed (another batch wrote the
 * pair in between): the row's error, as the checks give it (400, the contract's answer to a
 * refused batch), not a 500.
 */
async function keepingPairUnique(studentCode: string, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (!violatesPairIndex(error)) throw error;
    throw new ApiError(400, 'Some rows are invalid; nothing was written.', {
      rows: [
        { studentCode, status: 'error', errors: [{ path: 'guardianPhone', message: PAIR_TAKEN }] },
      ],
    });
  }
}

function violatesPairIndex(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint_name, constraint } = cause as Record<string, unknown>;
    if (code === '23505') {
      return (constraint_name ?? constraint) === 'students_forwarding_guardian_active_unique';
    }
  }
  return false;
}

export const studentRecords: UpsertKind<StudentRecord, StudentColumns> = {
  operation: 'upsertIntegrationStudents',
  async prepare(db, rows, errors) {
    duplicatesInBatch(rows, errors, [
      ['studentCode', (row) => row.studentCode],
      ['guardianPhone', replyPair],
    ]);
    await pairsHeldByOthers(db, rows, errors);
    const codes = await db
      .select({ recordId: students.externalRecordId, studentCode: students.studentCode })
      .from(students)
      .where(
        inArray(
          students.studentCode,
          rows.map((row) => row.studentCode),
        ),
      );
    const matched = await idsByRecordId(
      db,
      tutors,
      rows.flatMap((row) => (row.tutorRecordId ? [row.tutorRecordId] : [])),
    );
    rows.forEach((row, index) => {
      const holder = codes.find(
        (other) => other.studentCode === row.studentCode && other.recordId !== row.recordId,
      );
      if (holder) {
        errors[index]?.push({
          path: 'studentCode',
          message: holder.recordId
            ? `belongs to record ${holder.recordId}`
            : 'belongs to a student without a record id',
        });
      }
      if (row.tutorRecordId && !matched.has(row.tutorRecordId)) {
        errors[index]?.push({ path: 'tutorRecordId', message: 'no tutor has this record id' });
      }
      if (row.timeZone && !isTimeZone(row.timeZone)) {
        errors[index]?.push({
          path: 'timeZone',
          message: 'is not an IANA time zone such as America/Chicago',
        });
      }
    });
    return (row) =>
      studentColumns(row, row.tutorRecordId ? (matched.get(row.tutorRecordId) ?? null) : null);
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(students)
      .where(inArray(students.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId as string, row]));
  },
  async insert(tx, recordId, columns) {
    await keepingPairUnique(columns.studentCode, () =>
      tx.insert(students).values({ externalRecordId: recordId, ...columns }),
    );
  },
  async update(tx, id, columns) {
    await keepingPairUnique(columns.studentCode, () =>
      tx.update(students).set(columns).where(eq(students.id, id)),
    );
  },
};

type StudentPage = components['schemas']['IntegrationStudentPage'];

/**
 * listIntegrationStudents: a page of students with their families' text state (opted out, HELP),
 * least recently changed first, from `updatedSince` on and after `cursor`. The row's updated_at
 * moves with what this read shows only (migration 0017's trigger), never with a new text.
 */
export async function listStudentTextState(
  db: Database,
  options: { updatedSince?: Date | undefined; cursor?: string | undefined; limit: number },
): Promise<StudentPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await db
    .select({
      id: students.id,
      recordId: students.externalRecordId,
      studentCode: students.studentCode,
      firstName: students.firstName,
      lastName: students.lastName,
      tutorRecordId: tutors.externalRecordId,
      textOptedOutAt: students.textOptedOutAt,
      textOptOutReason: students.textOptOutReason,
      textOptOutKeyword: students.textOptOutKeyword,
      helpRequestedAt: students.helpRequestedAt,
      updatedAt: students.updatedAt,
    })
    .from(students)
    .leftJoin(tutors, eq(tutors.id, students.tutorId))
    .where(
      and(
        options.updatedSince ? gte(students.updatedAt, options.updatedSince) : undefined,
        after
          ? or(
              gt(students.updatedAt, after.at),
              and(eq(students.updatedAt, after.at), gt(students.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(students.updatedAt), asc(students.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    students: page.map((row) => ({
      recordId: row.recordId,
      studentCode: row.studentCode,
      firstName: row.firstName,
      lastName: row.lastName,
      tutorRecordId: row.tutorRecordId ?? null,
      textOptOut: textOptOutOf(row),
      helpRequestedAt: row.helpRequestedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}
