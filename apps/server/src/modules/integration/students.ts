// Students from the organisation's data store, keyed by their record id, with their guardian, the
// forwarding number tutors text, and the tutor they are matched with (by the tutor's record id).
import type { components } from '@tutoring/api/schema';
import { eq, inArray } from 'drizzle-orm';
import { students, tutors } from '../../db/schema.ts';
import { duplicatesInBatch, idsByRecordId, type UpsertKind } from './upsert.ts';

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
    // An upsert brings an archived record back.
    archivedAt: null as Date | null,
  };
}
type StudentColumns = ReturnType<typeof studentColumns>;

export const studentRecords: UpsertKind<StudentRecord, StudentColumns> = {
  operation: 'upsertIntegrationStudents',
  async prepare(db, rows, errors) {
    duplicatesInBatch(rows, errors, [['studentCode', (row) => row.studentCode]]);
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
    await tx.insert(students).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(students).set(columns).where(eq(students.id, id));
  },
};
