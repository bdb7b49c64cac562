// A family's say over our texts, as the SMS world requires: a guardian who replies STOP (or one of
// Twilio's other opt-out words) is not texted again until they reply START, and a text the
// provider refused because they had opted out (Twilio 21610) marks them too. HELP is recorded for
// the staff. The keyword texts themselves are stored as the family's messages like any reply: the
// tutor sees what they wrote.
import type { components } from '@tutoring/api/schema';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { messages, students } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

type FamilyTextOptOut = components['schemas']['FamilyTextOptOut'];

/** Twilio's opt-out, opt-in and help keywords (Advanced Opt-Out's defaults). */
const OPT_OUT_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

/** Twilio's error code of a text refused because the recipient opted out. */
export const OPTED_OUT_ERROR_CODE = '21610';

export type Keyword =
  | { kind: 'opt-out'; word: string }
  | { kind: 'opt-in'; word: string }
  | { kind: 'help'; word: string };

/** The keyword a whole text is (trimmed, in any case), or undefined for any other text. */
export function keywordOf(body: string): Keyword | undefined {
  const word = body.trim();
  const upper = word.toUpperCase();
  if (OPT_OUT_WORDS.has(upper)) return { kind: 'opt-out', word };
  if (OPT_IN_WORDS.has(upper)) return { kind: 'opt-in', word };
  if (HELP_WORDS.has(upper)) return { kind: 'help', word };
  return undefined;
}

/** What a keyword changes on the student's row, received at `at`. */
export function keywordChanges(keyword: Keyword, at: Date): Partial<typeof students.$inferInsert> {
  switch (keyword.kind) {
    case 'opt-out':
      return {
        textOptedOutAt: at,
        textOptOutReason: 'replied',
        // As they wrote it, within reason: a keyword is one short word.
        textOptOutKeyword: keyword.word.slice(0, 40),
      };
    case 'opt-in':
      return { textOptedOutAt: null, textOptOutReason: null, textOptOutKeyword: null };
    case 'help':
      return { helpRequestedAt: at };
  }
}

type OptOutColumns = Pick<
  typeof students.$inferSelect,
  'textOptedOutAt' | 'textOptOutReason' | 'textOptOutKeyword'
>;

/** The family's opt-out as the contract carries it; null while they may be texted. */
export function textOptOutOf(student: OptOutColumns): FamilyTextOptOut | null {
  if (!student.textOptedOutAt) return null;
  const reason = student.textOptOutReason === 'refused' ? 'refused' : 'replied';
  return {
    optedOutAt: student.textOptedOutAt.toISOString(),
    reason,
    ...(reason === 'replied' && student.textOptOutKeyword
      ? { keyword: student.textOptOutKeyword }
      : {}),
  };
}

/** "March 3, 2026", in the organisation's time zone. */
function dayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
}

/** Why the family is not texted, in the chat's words: "replied STOP on March 3, 2026". */
export function optOutReasonText(student: OptOutColumns, timeZone: string): string {
  const day = student.textOptedOutAt ? dayOf(student.textOptedOutAt, timeZone) : 'an earlier day';
  return student.textOptOutReason === 'refused'
    ? `their carrier refused a text on ${day} because they had opted out`
    : `replied ${(student.textOptOutKeyword ?? 'STOP').toUpperCase()} on ${day}`;
}

/**
 * The answer to a text for a family that opted out: refused before anything is stored or sent,
 * 409 with the reason the chat shows.
 */
export function optedOutError(student: OptOutColumns, timeZone: string): ApiError {
  return new ApiError(
    409,
    `This family has opted out of texts (${optOutReasonText(student, timeZone)}). They can reply START to receive texts again.`,
    { textOptOut: textOptOutOf(student) },
  );
}

/**
 * A text to the family was refused because they opted out (Twilio 21610): the family is marked
 * opted out (reason 'refused') unless they already are, so the next text is refused before it
 * reaches the provider. Called with the refused message's id.
 */
export async function markOptedOutByRefusal(
  db: Database,
  messageId: string,
  at: Date,
): Promise<void> {
  await db
    .update(students)
    .set({ textOptedOutAt: at, textOptOutReason: 'refused', textOptOutKeyword: null })
    .where(
      sql`${students.id} = (select ${messages.studentId} from ${messages} where ${messages.id} = ${messageId})
        and ${students.textOptedOutAt} is null`,
    );
}
