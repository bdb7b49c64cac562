// Onboarding applicants from the organisation's data store, keyed by their record id, and their
// progress read back for staff. The organisation decides who is accepted (and later matched); the
// tasks' progress is the providers' (webhooks) and is never written here.
import type { components } from '@tutoring/api/schema';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { applicants, tutors } from '../../db/schema.ts';
import { isValidAvailability } from '../onboarding/applicants.ts';
import { feedAfter, feedCondition, feedCursors, feedOrder, feedSelection } from './feed.ts';
import { duplicatesInBatch, idsByRecordId, type UpsertKind } from './upsert.ts';

/** An applicant as the organisation's system sends it. */
export type ApplicantRecord = components['schemas']['IntegrationApplicant'];
type ApplicantPage = components['schemas']['IntegrationApplicantPage'];

/**
 * The columns a row sets. `status` and `interviewDate` only when the row has them: the portal
 * moves the status on when the tasks are done, and the scheduling provider sets the interview, so
 * a row that leaves them out keeps what is stored (and a new applicant starts as accepted).
 */
function applicantColumns(record: ApplicantRecord, tutorId: string | null) {
  return {
    tutorCode: record.tutorCode,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email.toLowerCase(),
    phone: record.phone ?? '',
    availabilityFormUrl: record.availabilityFormUrl ?? null,
    tutorId,
    // An upsert brings an archived applicant back.
    archivedAt: null as Date | null,
    ...(record.status === undefined ? {} : { status: record.status as string }),
    ...(record.interviewDate === undefined
      ? {}
      : { interviewDate: record.interviewDate === null ? null : new Date(record.interviewDate) }),
  };
}
type ApplicantColumns = ReturnType<typeof applicantColumns>;

export const applicantRecords: UpsertKind<ApplicantRecord, ApplicantColumns> = {
  operation: 'upsertIntegrationApplicants',
  async prepare(db, rows, errors) {
    duplicatesInBatch(rows, errors, [
      ['email', (row) => row.email.toLowerCase()],
      ['tutorCode', (row) => row.tutorCode],
    ]);
    const taken = await db
      .select({
        recordId: applicants.externalRecordId,
        email: sql<string>`lower(${applicants.email})`,
        tutorCode: applicants.tutorCode,
      })
      .from(applicants)
      .where(
        or(
          inArray(
            sql`lower(${applicants.email})`,
            rows.map((row) => row.email.toLowerCase()),
          ),
          inArray(
            applicants.tutorCode,
            rows.map((row) => row.tutorCode),
          ),
        ),
      );
    const matched = await idsByRecordId(
      db,
      tutors,
      rows.flatMap((row) => (row.tutorRecordId ? [row.tutorRecordId] : [])),
    );
    rows.forEach((row, index) => {
      for (const field of ['email', 'tutorCode'] as const) {
        const value = field === 'email' ? row.email.toLowerCase() : row.tutorCode;
        const holder = taken.find(
          (other) => other[field] === value && other.recordId !== row.recordId,
        );
        if (holder) {
          errors[index]?.push({
            path: field,
            message: holder.recordId
              ? `belongs to applicant ${holder.recordId}`
              : 'belongs to an applicant without a record id',
          });
        }
      }
      if (row.tutorRecordId && !matched.has(row.tutorRecordId)) {
        errors[index]?.push({ path: 'tutorRecordId', message: 'no tutor has this record id' });
      }
    });
    return (row) =>
      applicantColumns(row, row.tutorRecordId ? (matched.get(row.tutorRecordId) ?? null) : null);
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(applicants)
      .where(inArray(applicants.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId as string, row]));
  },
  async insert(tx, recordId, columns) {
    await tx.insert(applicants).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(applicants).set(columns).where(eq(applicants.id, id));
  },
};

/**
 * A page of the applicants feed (feed.ts) with their task progress, in commit order, from
 * `updatedSince` on and after `cursor`.
 */
export async function listApplicantProgress(
  db: Database,
  options: { updatedSince?: Date | undefined; cursor?: string | undefined; limit: number },
): Promise<ApplicantPage> {
  const after = feedAfter(options.cursor);
  const rows = await db
    .select({
      id: applicants.id,
      externalRecordId: applicants.externalRecordId,
      tutorCode: applicants.tutorCode,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      status: applicants.status,
      waiverCompleted: applicants.waiverCompleted,
      workbookCompleted: applicants.workbookCompleted,
      backgroundCheckCleared: applicants.backgroundCheckCleared,
      availability: applicants.availability,
      interviewDate: applicants.interviewDate,
      updatedAt: applicants.updatedAt,
      ...feedSelection(applicants),
    })
    .from(applicants)
    .where(feedCondition(applicants, { after, updatedSince: options.updatedSince }))
    .orderBy(...feedOrder(applicants))
    .limit(options.limit + 1);
  return {
    applicants: rows.slice(0, options.limit).map((row) => {
      const tasks = {
        waiver: row.waiverCompleted,
        training: row.workbookCompleted,
        backgroundCheck: row.backgroundCheckCleared,
        availability: isValidAvailability(row.availability),
      };
      return {
        recordId: row.externalRecordId,
        tutorCode: row.tutorCode,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        status: row.status,
        tasks,
        onboardingComplete: Object.values(tasks).every(Boolean),
        interviewDate: row.interviewDate?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
    ...feedCursors(rows, options.limit, options.cursor),
  };
}
