// Students from the organisation's data store, keyed by their record id, with their guardian, the
// forwarding number tutors text, and the tutor they are matched with (by the tutor's record id).
import type { components } from '@tutoring/api/schema';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isTimeZone } from '../../config.ts';
import type { Database } from '../../db/open.ts';
import { students, tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { textOptOutOf } from '../messages/opt-out.ts';
import { feedAfter, feedCondition, feedCursors, feedOrder, feedSelection } from './feed.ts';
import { GUARDIAN_PHONE_SCOPE, grants } from './keys.ts';
import {
  type Caller,
  duplicatesInBatch,
  type FieldError,
  idsByRecordId,
  type UpsertKind,
} from './upsert.ts';

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

/**
 * Rows that change a stored student's guardian phone (which redirects the family's texts), for a
 * caller without GUARDIAN_PHONE_SCOPE: `students:write` alone creates students with their
 * guardian's phone but does not change it.
 */
async function phoneChangesNotAllowed(
  db: Database,
  rows: StudentRecord[],
  errors: FieldError[][],
  caller: Caller,
) {
  if (grants(caller.scopes, GUARDIAN_PHONE_SCOPE) || rows.length === 0) return;
  const stored = await db
    .select({ recordId: students.externalRecordId, guardianPhone: students.guardianPhone })
    .from(students)
    .where(
      inArray(
        students.externalRecordId,
        rows.map((row) => row.recordId),
      ),
    );
  const phoneOf = new Map(stored.map((row) => [row.recordId, row.guardianPhone]));
  rows.forEach((row, index) => {
    if (!phoneOf.has(row.recordId)) return;
    if ((phoneOf.get(row.recordId) ?? null) === (row.guardianPhone ?? null)) return;
    errors[index]?.push({
      path: 'guardianPhone',
      message: `changing a stored guardian phone needs the ${GUARDIAN_PHONE_SCOPE} scope`,
    });
  });
}

export const studentRecords: UpsertKind<StudentRecord, StudentColumns> = {
  operation: 'upsertIntegrationStudents',
  auditedPhones: ['guardianPhone'],
  async prepare(db, rows, errors, caller) {
    duplicatesInBatch(rows, errors, [
      ['studentCode', (row) => row.studentCode],
      ['guardianPhone', replyPair],
    ]);
    await phoneChangesNotAllowed(db, rows, errors, caller);
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
 * listIntegrationStudents: a page of the students feed (feed.ts) with their families' text state
 * (opted out, HELP), in commit order, from `updatedSince` on and after `cursor`. The row's
 * updated_at and feed position move with what this read shows only (migration 0017's trigger,
 * 0020's), never with a new text.
 */
export async function listStudentTextState(
  db: Database,
  options: { updatedSince?: Date | undefined; cursor?: string | undefined; limit: number },
): Promise<StudentPage> {
  const after = feedAfter(options.cursor);
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
      ...feedSelection(students),
    })
    .from(students)
    .leftJoin(tutors, eq(tutors.id, students.tutorId))
    .where(feedCondition(students, { after, updatedSince: options.updatedSince }))
    .orderBy(...feedOrder(students))
    .limit(options.limit + 1);
  return {
    students: rows.slice(0, options.limit).map((row) => ({
      recordId: row.recordId,
      studentCode: row.studentCode,
      firstName: row.firstName,
      lastName: row.lastName,
      tutorRecordId: row.tutorRecordId ?? null,
      textOptOut: textOptOutOf(row),
      helpRequestedAt: row.helpRequestedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    ...feedCursors(rows, options.limit, options.cursor),
  };
}
