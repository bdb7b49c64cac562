// How many texts a tutor may hand to the SMS provider: per family an hour and in all a day
// (TEXT_LIMIT_PER_FAMILY_PER_HOUR, TEXT_LIMIT_PER_TUTOR_PER_DAY). Far above what tutoring needs,
// they bound what a stolen session (or a stuck Retry button) can send and have translated.
// Counted in the database (rate_limit_counters), so every instance shares them. Send, Retry and
// Send as written each count once; Send now of a held text does not, as it counted when written.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/open.ts';
import { messages } from '../../db/schema.ts';
import { consumeRateLimits } from '../../http/rate-limit.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Counts one text from this tutor to this student's family; 429 with the reason when over. */
export async function consumeTextAllowance(
  db: Database,
  now: Date,
  limits: Config['textLimits'],
  text: { tutorId: string; studentId: string },
): Promise<void> {
  await consumeRateLimits(db, now, [
    {
      key: `texts-to-family:${text.tutorId}:${text.studentId}`,
      limit: limits.perFamilyPerHour,
      windowMs: HOUR_MS,
      reached: (tryAgainIn) =>
        `You have reached the limit of ${limits.perFamilyPerHour} texts an hour to this family. You can send again in ${tryAgainIn}.`,
    },
    {
      key: `texts-by-tutor:${text.tutorId}`,
      limit: limits.perTutorPerDay,
      windowMs: DAY_MS,
      reached: (tryAgainIn) =>
        `You have reached the limit of ${limits.perTutorPerDay} texts a day. You can send again in ${tryAgainIn}.`,
    },
  ]);
}

/** The student of one of this tutor's own texts, for counting a Retry; undefined when not theirs. */
export async function studentOfTutorsText(
  db: Database,
  tutorId: string,
  messageId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ studentId: messages.studentId })
    .from(messages)
    .where(
      and(eq(messages.id, messageId), eq(messages.tutorId, tutorId), eq(messages.fromTutor, true)),
    );
  return row?.studentId ?? undefined;
}
