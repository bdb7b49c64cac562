// Onboarding applicants: lookup by e-mail, the onboarding record the portal reads, the §5
// availability rule, and the status an applicant reaches when every task is done.
import { randomBytes } from 'node:crypto';
import type { components } from '@tutoring/api/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { applicants, students, tutors } from '../../db/schema.ts';

type OnboardingTutor = components['schemas']['OnboardingTutor'];
export type ApplicantRow = typeof applicants.$inferSelect;

export const APPLICANT_STATUSES = ['Application Accepted', 'Ready to Tutor', 'Matched'] as const;

const WEEKDAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]';
const AVAILABILITY_ENTRY = new RegExp(`^${WEEKDAY} ${TIME}-${TIME}$`);

/**
 * §5: availability counts only as a weekday name, a space and a time range HH:MM-HH:MM. Several
 * such entries may be given, separated by commas or semicolons; each must follow the rule.
 */
export function isValidAvailability(text: string): boolean {
  const entries = text.split(/[;,]/).map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => AVAILABILITY_ENTRY.test(entry));
}

export async function findApplicantByEmail(
  db: Database,
  email: string,
): Promise<ApplicantRow | undefined> {
  const [row] = await db
    .select()
    .from(applicants)
    .where(
      sql`lower(${applicants.email}) = ${email.toLowerCase()} and ${applicants.archivedAt} is null`,
    )
    .limit(1);
  return row;
}

export async function emailIsTaken(db: Database, email: string): Promise<boolean> {
  // Archived applicants keep their address: it stays taken.
  const [applicant] = await db
    .select({ id: applicants.id })
    .from(applicants)
    .where(sql`lower(${applicants.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (applicant) return true;
  const [tutor] = await db
    .select({ id: tutors.id })
    .from(tutors)
    .where(sql`lower(${tutors.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return tutor !== undefined;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding. */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A new applicant tutor ID: 'APP-' and 128 random bits in base32 (26 characters), e.g.
 * 'APP-MZXW6YTBOI5GK3TVMVXHE2LTMQ'. The ID travels in the availability form's URL, so it must not
 * be guessable from another applicant's (five digits were).
 */
export function newApplicantCode(): string {
  return `APP-${base32(randomBytes(16))}`;
}

export async function toOnboardingTutor(
  db: Database,
  applicant: ApplicantRow,
): Promise<OnboardingTutor> {
  const correspondents = applicant.tutorId
    ? await db
        .select({
          studentCode: students.studentCode,
          firstName: students.firstName,
          grade: students.grade,
        })
        .from(students)
        .where(eq(students.tutorId, applicant.tutorId))
        .orderBy(asc(students.firstName), asc(students.id))
    : [];
  return {
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    phone: applicant.phone,
    tutorId: applicant.tutorCode,
    id: applicant.id,
    status: applicant.status,
    waiver: applicant.waiverCompleted,
    backgroundCheck: applicant.backgroundCheckCleared,
    availabilityForm: applicant.availabilityFormUrl,
    availability: applicant.availability,
    workbookCompleted: applicant.workbookCompleted,
    typeOfTrainingCompleted: applicant.liveTrainingAttended,
    email: applicant.email.toLowerCase(),
    interviewDate: applicant.interviewDate?.toISOString() ?? null,
    correspondents: correspondents.map((student) => ({
      'Student ID': student.studentCode,
      First_Name: student.firstName,
      grade: student.grade,
    })),
  };
}

/** Moves an applicant whose four tasks are all done from 'Application Accepted' to 'Ready to Tutor'. */
export async function promoteWhenTasksDone(db: Database, applicantId: string): Promise<void> {
  const [applicant] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
  if (applicant?.status !== 'Application Accepted') return;
  const done =
    applicant.waiverCompleted &&
    applicant.workbookCompleted &&
    applicant.backgroundCheckCleared &&
    isValidAvailability(applicant.availability);
  if (done) {
    await db
      .update(applicants)
      .set({ status: 'Ready to Tutor' })
      .where(eq(applicants.id, applicantId));
  }
}
