// How far a tutor's text got, and getting it there. A text is stored as queued, handed to the SMS
// provider (the request that sent it, a Retry, or the resender for texts a crash left queued), and
// then moved on by the provider's status callbacks: queued → sent → delivered, or undelivered /
// failed with the provider's error code. Every change only moves a text forward for the attempt
// it is about, so a callback delivered twice, late or out of order changes nothing.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { messages, students } from '../../db/schema.ts';
import { newJobId } from '../../http/background.ts';
import { ApiError } from '../../http/errors.ts';
import {
  type ReportedStatus,
  SmsDeliveryError,
  type SmsProvider,
  type SmsReceipt,
} from '../../providers/sms.ts';
import { TranslationError, type TranslationProvider } from '../../providers/translation.ts';
import { failureReasonOf, isProviderErrorCode } from './delivery-failure.ts';
import { markOptedOutByRefusal, OPTED_OUT_ERROR_CODE, optedOutError } from './opt-out.ts';
import { translateWaitingReplies } from './reply-translation.ts';
import { translateWithMemory } from './translation.ts';

export type MessageRow = typeof messages.$inferSelect;

/**
 * Whether a message is part of its conversation: all but a text the provider refused on its first
 * send, which the portal keeps in the composer instead (spec §8: a failed send leaves the text in
 * place), and a held text the tutor cancelled. A text that failed later, or after a Retry, stays
 * in the chat as 'Not delivered'.
 */
export const inConversation: SQL = sql`not (${messages.deliveryStatus} = 'failed'
  and ${messages.attempt} = 0 and ${messages.providerMessageId} is null)
  and ${messages.deliveryStatus} <> 'cancelled'`;

/**
 * A queued text waits this long before the resender may send it: longer than a request gives the
 * provider (15 s), so the resender never sends a text its own request is still sending.
 */
export const RESEND_GRACE_MS = 60_000;
/** Attempts of the resender before a text is given up as failed. */
export const RESEND_ATTEMPT_LIMIT = 5;
/** How many waiting texts one pass of the resender takes. */
const RESEND_BATCH = 50;

/**
 * The order of the states: a status only ever replaces a lower one. The three outcomes share the
 * highest rank, so the first one reported stands.
 */
function rankOf(status: SQL | string): SQL {
  return sql`(case ${status} when 'queued' then 0 when 'sent' then 1
    when 'delivered' then 2 when 'undelivered' then 2 when 'failed' then 2 else -1 end)`;
}

export interface StatusReport {
  messageId: string;
  /** The attempt the report is about (Twilio gets it in the callback URL). */
  attempt: number;
  status: ReportedStatus;
  providerMessageId?: string | undefined;
  errorCode?: string | undefined;
  /** When the report came: a text not delivered is told to its tutor from then on. */
  at: Date;
}

export type StatusOutcome = 'applied' | 'unchanged' | 'unknown';

/**
 * Moves a tutor's text on to a reported status; the same for Twilio's status callback, the dev
 * SMS page and the answer of the provider itself. 'unchanged' when the report is about an earlier
 * attempt or does not move the text forward (a duplicate, or one that came late).
 */
export async function applyStatusReport(
  db: Database,
  report: StatusReport,
): Promise<StatusOutcome> {
  const notDelivered = report.status === 'undelivered' || report.status === 'failed';
  const updated = await db
    .update(messages)
    .set({
      deliveryStatus: report.status,
      // A callback can overtake the provider's answer: whichever comes first records the id.
      providerMessageId: sql`coalesce(${messages.providerMessageId}, ${report.providerMessageId ?? null})`,
      errorCode: notDelivered ? (report.errorCode ?? null) : null,
      nextAttemptAt: null,
      // No request of the tutor's waits for a callback: they hear of it outside the portal.
      ...(notDelivered ? { notifySince: report.at } : {}),
    })
    .where(
      and(
        eq(messages.id, report.messageId),
        eq(messages.fromTutor, true),
        eq(messages.attempt, report.attempt),
        sql`${rankOf(sql`${messages.deliveryStatus}`)} < ${rankOf(report.status)}`,
      ),
    )
    .returning({ id: messages.id });
  if (updated.length > 0) {
    if (notDelivered && report.errorCode === OPTED_OUT_ERROR_CODE) {
      await markOptedOutByRefusal(db, report.messageId, report.at);
    }
    return 'applied';
  }
  const [known] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, report.messageId), eq(messages.fromTutor, true)));
  return known ? 'unchanged' : 'unknown';
}

export interface Sender {
  db: Database;
  sms: SmsProvider;
  translation: TranslationProvider;
  log: FastifyBaseLogger;
  now: Date;
  /** The organisation's time zone, for the dates an answer names ("replied STOP on …"). */
  timeZone: string;
  /**
   * Whether no request of the tutor's waits for this send (the resender, held texts going out at
   * the end of the family's quiet hours): a text that ends not sent or refused is then told to
   * the tutor outside the portal. A request's own failure is in its answer.
   */
  unattended?: boolean;
}

/** The change that tells the tutor of a failure later, when no one is waiting for the send. */
function notifyIfUnattended(sender: Sender): { notifySince?: Date } {
  return sender.unattended ? { notifySince: sender.now } : {};
}

/** What handOver needs of a stored text. */
export type OutgoingText = Pick<
  MessageRow,
  'id' | 'attempt' | 'body' | 'translationLanguage' | 'translatedBody'
>;

/**
 * The words the family receives: the tutor's own, or for a text to be translated its translation
 * (made now and stored with the text when it is not yet). Undefined when the translation failed:
 * the text is then on record as untranslated and is not sent (no silent English).
 */
/** A BCP 47 tag's language alone, lower case: 'pt-BR' → 'pt'. */
function primaryLanguage(tag: string | undefined): string | undefined {
  return tag?.split('-')[0]?.toLowerCase();
}

async function outgoingBody(sender: Sender, text: OutgoingText): Promise<string | undefined> {
  if (!text.translationLanguage) return text.body;
  if (text.translatedBody !== null) return text.translatedBody;
  const { db, log } = sender;
  try {
    const translated = await translateWithMemory(
      db,
      sender.translation,
      text.body,
      text.translationLanguage,
    );
    // A tutor who already wrote in the family's language needs no translation: sent as written.
    // The source DeepL detects is a bare language ('pt'), the family's may carry a variant
    // ('pt-BR', 'zh-Hant'): the languages are compared, not the tags.
    const alreadyInLanguage =
      primaryLanguage(translated.sourceLanguage) === primaryLanguage(text.translationLanguage);
    await db
      .update(messages)
      .set(alreadyInLanguage ? { translationLanguage: null } : { translatedBody: translated.text })
      .where(and(eq(messages.id, text.id), eq(messages.attempt, text.attempt)));
    return alreadyInLanguage ? text.body : translated.text;
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    const reason = error.message.slice(0, 1000);
    await db
      .update(messages)
      .set({
        deliveryStatus: 'untranslated',
        failureReason: reason,
        nextAttemptAt: null,
        ...notifyIfUnattended(sender),
      })
      .where(and(eq(messages.id, text.id), eq(messages.attempt, text.attempt)));
    log.warn({ messageId: text.id, attempt: text.attempt, reason }, 'a text was not translated');
    return undefined;
  }
}

const recordReceipt = (db: Database) =>
  db
    .update(messages)
    .set({
      // The provider's answer can come after a status callback that already moved the text on.
      deliveryStatus: sql`case when ${rankOf(sql`${messages.deliveryStatus}`)} < ${rankOf(
        sql`${sql.placeholder('status')}::text`,
      )} then ${sql.placeholder('status')} else ${messages.deliveryStatus} end`,
      providerMessageId: sql`coalesce(${messages.providerMessageId}, ${sql.placeholder('providerMessageId')})`,
      nextAttemptAt: null,
    })
    .where(
      and(eq(messages.id, sql.placeholder('id')), eq(messages.attempt, sql.placeholder('attempt'))),
    )
    .returning()
    .prepare('record_text_receipt');

/**
 * Hands a stored text to the provider for its current attempt (translated first when it is to
 * be) and records the answer; resolves with the message as stored afterwards, which is
 * 'untranslated' and unsent when the translation failed. On a refusal the text turns failed (with
 * the reason, never shown to the portal) unless `keepQueuedOnRefusal` (the resender tries again
 * later), and SmsDeliveryError is rethrown.
 */
export async function handOver(
  sender: Sender,
  text: OutgoingText,
  route: { from: string; to: string },
  options: { keepQueuedOnRefusal?: boolean } = {},
): Promise<MessageRow | undefined> {
  const { db, sms, log } = sender;
  const body = await outgoingBody(sender, text);
  if (body === undefined) {
    const [untranslated] = await db.select().from(messages).where(eq(messages.id, text.id));
    return untranslated;
  }
  let receipt: SmsReceipt;
  try {
    receipt = await sms.send({
      ...route,
      body,
      reference: { messageId: text.id, attempt: text.attempt },
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    // The provider's code of a refusal (an opted-out family, a number that is not mobile) says
    // why in the chat, as a status callback's would.
    const code = error instanceof SmsDeliveryError ? (error.code ?? null) : null;
    const errorCode = code !== null && isProviderErrorCode(code) ? code : null;
    // A family that opted out will refuse every later attempt too: no point in trying again.
    const optedOut = errorCode === OPTED_OUT_ERROR_CODE;
    await db
      .update(messages)
      .set(
        options.keepQueuedOnRefusal && !optedOut
          ? { failureReason: reason, errorCode }
          : {
              deliveryStatus: 'failed',
              failureReason: reason,
              errorCode,
              nextAttemptAt: null,
              ...notifyIfUnattended(sender),
            },
      )
      .where(and(eq(messages.id, text.id), eq(messages.attempt, text.attempt)));
    if (optedOut) await markOptedOutByRefusal(db, text.id, sender.now);
    log.warn({ messageId: text.id, attempt: text.attempt, reason }, 'a text was not accepted');
    throw error;
  }
  const [stored] = await prepared(db, recordReceipt).execute({
    id: text.id,
    attempt: text.attempt,
    status: receipt.status,
    providerMessageId: receipt.providerMessageId,
  });
  return stored;
}

/**
 * The answer of a send or retry the provider refused: the text is on record as failed, and
 * `details.failure` says why when the provider gave a code.
 */
export function refusedText(messageId: string, error?: unknown): ApiError {
  const code = error instanceof SmsDeliveryError ? error.code : undefined;
  return new ApiError(503, 'The text could not be sent. Please try again in a moment.', {
    messageId,
    deliveryStatus: 'failed',
    ...(code && isProviderErrorCode(code)
      ? { failure: { code, reason: failureReasonOf(code) } }
      : {}),
  });
}

/**
 * The condition of a prepared query over messages joined to their students: the message
 * (placeholder messageId) is the tutor's own text (placeholder tutorId) to one of their own
 * students. Retry, Send as written, Send now and Cancel all ask it.
 */
export const isTutorsOwnText = () =>
  and(
    eq(messages.id, sql.placeholder('messageId')),
    eq(messages.fromTutor, true),
    eq(messages.tutorId, sql.placeholder('tutorId')),
    eq(students.tutorId, sql.placeholder('tutorId')),
  );

const tutorsText = (db: Database) =>
  db
    .select({ message: messages, student: students })
    .from(messages)
    .innerJoin(students, eq(students.id, messages.studentId))
    .where(isTutorsOwnText())
    .prepare('tutors_text');

/**
 * Retry of a text the carrier did not deliver (or the provider failed, or the translation
 * provider failed: it is translated again): the same stored message is handed over again as its
 * next attempt. Undefined when the message is not this tutor's text to their own student.
 */
export function retryTutorText(
  sender: Sender,
  tutorId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return claimAndHandOver(sender, tutorId, messageId, ['undelivered', 'failed', 'untranslated'], {
    providerMessageId: null,
    errorCode: null,
  });
}

/**
 * The tutor's choice for a text that could not be translated: it is sent in their own words.
 * Undefined when the message is not this tutor's text to their own student.
 */
export function sendTutorTextAsWritten(
  sender: Sender,
  tutorId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  // Sent as written: no translation is involved any more, and the chat shows it so.
  return claimAndHandOver(sender, tutorId, messageId, ['untranslated'], {
    translationLanguage: null,
    translatedBody: null,
    sentAsWritten: true,
  });
}

/**
 * Claims one of the tutor's texts in one of `claimable` states for its next attempt (queued,
 * the attempt counted, `changes` applied) and hands it over. Claiming is one conditional update,
 * so of two presses (Retry twice, Send as written twice, or one of each, Send now twice, or a
 * press and the resender or the scheduler) only one sends; the other gets the text as it stands.
 * A family that opted out is not texted: 409 before anything changes. Undefined when the message
 * is not this tutor's text to their own student.
 */
export async function claimAndHandOver(
  sender: Sender,
  tutorId: string,
  messageId: string,
  claimable: MessageRow['deliveryStatus'][],
  changes: Partial<
    Pick<
      MessageRow,
      'providerMessageId' | 'errorCode' | 'translationLanguage' | 'translatedBody' | 'sentAsWritten'
    >
  >,
): Promise<MessageRow | undefined> {
  const [found] = await prepared(sender.db, tutorsText).execute({ messageId, tutorId });
  if (!found) return undefined;
  // A held text the tutor cancelled is not in the conversation any more: nothing to answer with.
  if (found.message.deliveryStatus === 'cancelled') {
    throw new ApiError(409, 'This text was cancelled, so it was not sent.', { messageId });
  }
  if (!claimable.includes(found.message.deliveryStatus)) return found.message;
  if (found.student.textOptedOutAt) throw optedOutError(found.student, sender.timeZone);
  if (!found.student.guardianPhone) {
    throw new ApiError(409, "This student's guardian has no phone number on record.");
  }
  const [claimed] = await sender.db
    .update(messages)
    .set({
      ...changes,
      deliveryStatus: 'queued',
      attempt: sql`${messages.attempt} + 1`,
      failureReason: null,
      nextAttemptAt: new Date(sender.now.getTime() + RESEND_GRACE_MS),
    })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.fromTutor, true),
        eq(messages.tutorId, tutorId),
        inArray(messages.deliveryStatus, claimable),
        sql`${messages.studentId} in (select ${students.id} from ${students} where ${students.tutorId} = ${tutorId})`,
      ),
    )
    .returning();
  if (!claimed) {
    // Another press, the resender or the scheduler claimed it in between: the text as it stands.
    const [current] = await prepared(sender.db, tutorsText).execute({ messageId, tutorId });
    return current?.message;
  }
  try {
    const sent = await handOver(sender, claimed, {
      from: found.student.forwardingNumber,
      to: found.student.guardianPhone,
    });
    return sent ?? claimed;
  } catch (error) {
    if (error instanceof SmsDeliveryError) throw refusedText(claimed.id, error);
    throw error;
  }
}

/**
 * One pass of the resender: texts still queued without a provider id after their grace time (the
 * server stopped between storing and sending them) are claimed, their next attempt pushed back
 * (1, 2, 4 ... minutes), and handed to the provider. After RESEND_ATTEMPT_LIMIT attempts a text
 * turns failed, and the chat offers Retry. Claiming skips rows another server holds, so two
 * servers never send the same text. Returns how many texts were handed over and accepted.
 */
export async function resendWaitingTexts(
  sender: Sender,
): Promise<{ accepted: number; refused: number; gaveUp: number }> {
  const { db, now } = sender;
  const claimed = await db.execute(sql`
    with due as (
      select ${messages.id} from ${messages}
      where ${messages.deliveryStatus} = 'queued' and ${messages.providerMessageId} is null
        and ${messages.fromTutor}
        and (${messages.nextAttemptAt} is null or ${messages.nextAttemptAt} <= ${now.toISOString()})
      order by ${messages.nextAttemptAt} nulls first
      limit ${RESEND_BATCH}
      for update skip locked
    )
    update ${messages} set
      attempt = ${messages.attempt} + 1,
      next_attempt_at = ${now.toISOString()}::timestamptz
        + least(30, power(2, ${messages.attempt})) * interval '1 minute',
      delivery_status = case when ${messages.attempt} + 1 > ${RESEND_ATTEMPT_LIMIT}
        or ${students.textOptedOutAt} is not null then 'failed' else 'queued' end,
      failure_reason = case
        when ${students.textOptedOutAt} is not null
          then 'The family opted out of texts before it was sent.'
        when ${messages.attempt} + 1 > ${RESEND_ATTEMPT_LIMIT}
          then 'The provider did not take the text after ${sql.raw(String(RESEND_ATTEMPT_LIMIT))} attempts.'
        else ${messages.failureReason} end,
      error_code = case when ${students.textOptedOutAt} is not null
        then ${OPTED_OUT_ERROR_CODE} else ${messages.errorCode} end,
      -- Given up with no one waiting for it: its tutor hears of it outside the portal.
      notify_since = case when ${messages.attempt} + 1 > ${RESEND_ATTEMPT_LIMIT}
        or ${students.textOptedOutAt} is not null then ${now.toISOString()}::timestamptz
        else ${messages.notifySince} end
    from due join ${students} on true
    where ${messages.id} = due.id and ${students.id} = ${messages.studentId}
    returning ${messages.id}, ${messages.attempt}, ${messages.body}, ${messages.deliveryStatus},
      ${messages.translationLanguage} as translation_language,
      ${messages.translatedBody} as translated_body,
      ${students.forwardingNumber} as forwarding_number, ${students.guardianPhone} as guardian_phone
  `);
  let accepted = 0;
  let refused = 0;
  let gaveUp = 0;
  for (const row of rowsOf<{
    id: string;
    attempt: number;
    body: string;
    translation_language: string | null;
    translated_body: string | null;
    delivery_status: string;
    forwarding_number: string;
    guardian_phone: string | null;
  }>(claimed)) {
    if (row.delivery_status === 'failed' || !row.guardian_phone) {
      gaveUp += 1;
      continue;
    }
    try {
      const sent = await handOver(
        sender,
        {
          id: row.id,
          attempt: row.attempt,
          body: row.body,
          translationLanguage: row.translation_language,
          translatedBody: row.translated_body,
        },
        { from: row.forwarding_number, to: row.guardian_phone },
        { keepQueuedOnRefusal: true },
      );
      // A text whose translation failed waits for the tutor's choice instead.
      if (sent?.deliveryStatus === 'untranslated') gaveUp += 1;
      else accepted += 1;
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      refused += 1;
    }
  }
  return { accepted, refused, gaveUp };
}

/**
 * Runs the resender at start and then every `intervalMs`, one pass at a time. The returned stop
 * waits for a pass in progress.
 */
export function startTextResender(options: {
  db: Database;
  sms: SmsProvider;
  translation: TranslationProvider;
  log: FastifyBaseLogger;
  now: () => Date;
  timeZone: string;
  intervalMs: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    running = running.then(async () => {
      if (stopped) return;
      // Each pass's lines share a job id, as a request's share its request id.
      const log = options.log.child({ jobId: newJobId() });
      try {
        const now = options.now();
        const outcome = await resendWaitingTexts({ ...options, log, now, unattended: true });
        if (outcome.accepted + outcome.refused + outcome.gaveUp > 0) {
          log.info(outcome, 'texts left queued were sent again');
        }
        const replies = await translateWaitingReplies({ ...options, log, now });
        if (replies.translated + replies.failed > 0) {
          log.info(replies, 'replies waiting for their translation were translated again');
        }
      } catch (error) {
        log.error({ err: error }, 'sending queued texts again failed');
      }
    });
  };
  pass();
  const timer = setInterval(pass, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
