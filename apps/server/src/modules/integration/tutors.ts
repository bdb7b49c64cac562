// Tutors from the organisation's data store, keyed by their record id (Record_ID).
import type { components } from '@tutoring/api/schema';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { tutors } from '../../db/schema.ts';
import { duplicatesInBatch, type UpsertKind } from './upsert.ts';

/** A tutor as the organisation's system sends it. */
export type TutorRecord = components['schemas']['IntegrationTutor'];

function tutorColumns(record: TutorRecord) {
  return {
    tutorCode: record.tutorCode,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email.toLowerCase(),
    availability: record.availability ?? '',
    availabilityFormUrl: record.availabilityFormUrl ?? null,
    capacity: record.capacity ?? 0,
    // An upsert brings an archived record back.
    archivedAt: null as Date | null,
  };
}
type TutorColumns = ReturnType<typeof tutorColumns>;

export const tutorRecords: UpsertKind<TutorRecord, TutorColumns> = {
  operation: 'upsertIntegrationTutors',
  async prepare(db, rows, errors) {
    duplicatesInBatch(rows, errors, [
      ['email', (row) => row.email.toLowerCase()],
      ['tutorCode', (row) => row.tutorCode],
    ]);
    // An e-mail or tutor ID that another record holds already.
    const taken = await db
      .select({
        recordId: tutors.externalRecordId,
        email: sql<string>`lower(${tutors.email})`,
        tutorCode: tutors.tutorCode,
      })
      .from(tutors)
      .where(
        or(
          inArray(
            sql`lower(${tutors.email})`,
            rows.map((row) => row.email.toLowerCase()),
          ),
          inArray(
            tutors.tutorCode,
            rows.map((row) => row.tutorCode),
          ),
        ),
      );
    rows.forEach((row, index) => {
      for (const other of taken) {
        if (other.recordId === row.recordId) continue;
        if (other.email === row.email.toLowerCase()) {
          errors[index]?.push({ path: 'email', message: `belongs to record ${other.recordId}` });
        }
        if (other.tutorCode === row.tutorCode) {
          errors[index]?.push({
            path: 'tutorCode',
            message: `belongs to record ${other.recordId}`,
          });
        }
      }
    });
    return tutorColumns;
  },
  async existing(tx, recordIds) {
    const rows = await tx.select().from(tutors).where(inArray(tutors.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId, row]));
  },
  async insert(tx, recordId, columns) {
    await tx.insert(tutors).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(tutors).set(columns).where(eq(tutors.id, id));
  },
};
