// Texts held for the family's quiet hours (service.ts stores them as 'scheduled' with
// scheduled_for, the end of those hours in the family's time zone). At that time the scheduler
// sends each through the one send path (handOver: translated then, every status as any text); the
// tutor may send one at once (Send now) or cancel it before. Each way claims the text with one
// conditional update, so a text goes out once however the presses and the scheduler's passes
// meet. A held text goes out as its attempt 1: a refusal then leaves it in the conversation as
// 'Not delivered' with Retry, as the tutor is no longer at the composer to keep it.
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { messages, students } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { SmsDeliveryError } from '../../providers/sms.ts';
import {
  claimAndHandOver,
  handOver,
  isTutorsOwnText,
  type MessageRow,
  RESEND_GRACE_MS,
  type Sender,
} from './delivery.ts';
import { OPTED_OUT_ERROR_CODE } from './opt-out.ts';

/** How many due texts one pass of the scheduler takes. */
const SCHEDULER_BATCH = 50;

/**
 * Send now: the held text goes out at once, through the same path as any text. A text already
 * sent (by the scheduler, or a first press) or cancelled is answered as it stands. Undefined when
 * the message is not this tutor's text to their own student; 409 for a family that opted out.
 */
export function sendScheduledTextNow(
  sender: Sender,
  tutorId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return claimAndHandOver(sender, tutorId, messageId, ['scheduled'], {});
}

const cancelHeldText = (db: Database) =>
  db
    .update(messages)
    .set({ deliveryStatus: 'cancelled', scheduledFor: null })
    .where(
      and(
        eq(messages.id, sql.placeholder('messageId')),
        eq(messages.fromTutor, true),
        eq(messages.tutorId, sql.placeholder('tutorId')),
        eq(messages.deliveryStatus, 'scheduled'),
        sql`${messages.studentId} in (select ${students.id} from ${students}
          where ${students.tutorId} = ${sql.placeholder('tutorId')})`,
      ),
    )
    .returning({ id: messages.id })
    .prepare('cancel_held_text');

const tutorsTextState = (db: Database) =>
  db
    .select({ id: messages.id, deliveryStatus: messages.deliveryStatus })
    .from(messages)
    .innerJoin(students, eq(students.id, messages.studentId))
    .where(isTutorsOwnText())
    .prepare('tutors_text_state');

/**
 * Cancel: the held text is never sent and leaves the conversation. True when it is cancelled
 * (now or before: idempotent); false when the message is not this tutor's text to their own
 * student; 409 for a text that is no longer held (it went out).
 */
export async function cancelScheduledText(
  db: Database,
  tutorId: string,
  messageId: string,
): Promise<boolean> {
  const [cancelled] = await prepared(db, cancelHeldText).execute({ messageId, tutorId });
  if (cancelled) return true;
  const [text] = await prepared(db, tutorsTextState).execute({ messageId, tutorId });
  if (!text) return false;
  if (text.deliveryStatus === 'cancelled') return true;
  throw new ApiError(409, 'This text has already been sent, so it can no longer be cancelled.', {
    messageId,
    deliveryStatus: text.deliveryStatus,
  });
}

interface DueText {
  id: string;
  attempt: number;
  body: string;
  delivery_status: string;
  translation_language: string | null;
  translated_body: string | null;
  forwarding_number: string;
  guardian_phone: string | null;
}

/**
 * One pass of the scheduler: held texts whose time has come are claimed (skipping rows another
 * server holds, so two servers never take the same one) and handed to the provider as their
 * attempt 1, still queued with a resend time, so a crash between the claim and the provider's
 * answer leaves them to the resender. A family that opted out meanwhile is not texted: the text
 * ends failed with Twilio's own code for it (21610: "the family has opted out of texts") and its
 * tutor is told. Returns how many went out, were refused, and were stopped by an opt-out.
 */
export async function sendDueScheduledTexts(
  sender: Sender,
): Promise<{ sent: number; refused: number; optedOut: number }> {
  const { db, now } = sender;
  const at = now.toISOString();
  const claimed = await db.execute(sql`
    with due as (
      select ${messages.id} from ${messages}
      where ${messages.deliveryStatus} = 'scheduled' and ${messages.scheduledFor} <= ${at}
      order by ${messages.scheduledFor}
      limit ${SCHEDULER_BATCH}
      for update skip locked
    )
    update ${messages} set
      attempt = ${messages.attempt} + 1,
      delivery_status = case when ${students.textOptedOutAt} is null then 'queued' else 'failed' end,
      next_attempt_at = case when ${students.textOptedOutAt} is null
        then ${new Date(now.getTime() + RESEND_GRACE_MS).toISOString()}::timestamptz end,
      error_code = case when ${students.textOptedOutAt} is null then null
        else ${OPTED_OUT_ERROR_CODE} end,
      failure_reason = case when ${students.textOptedOutAt} is null then null
        else 'The family opted out of texts before it went out.' end,
      notify_since = case when ${students.textOptedOutAt} is null then ${messages.notifySince}
        else ${at}::timestamptz end
    from due join ${students} on true
    where ${messages.id} = due.id and ${students.id} = ${messages.studentId}
    returning ${messages.id}, ${messages.attempt}, ${messages.body}, ${messages.deliveryStatus},
      ${messages.translationLanguage} as translation_language,
      ${messages.translatedBody} as translated_body,
      ${students.forwardingNumber} as forwarding_number, ${students.guardianPhone} as guardian_phone
  `);
  const outcome = { sent: 0, refused: 0, optedOut: 0 };
  for (const row of rowsOf<DueText>(claimed)) {
    if (row.delivery_status === 'failed') {
      outcome.optedOut += 1;
      continue;
    }
    // Without a phone it stays queued: the resender gives it up as failed after its attempts.
    if (!row.guardian_phone) continue;
    try {
      await handOver(
        sender,
        {
          id: row.id,
          attempt: row.attempt,
          body: row.body,
          translationLanguage: row.translation_language,
          translatedBody: row.translated_body,
        },
        { from: row.forwarding_number, to: row.guardian_phone },
      );
      outcome.sent += 1;
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      outcome.refused += 1;
    }
  }
  return outcome;
}
