// A family's replies in English for their tutor. A reply of a family whose language is translated
// is stored as received and marked as waiting for its translation (translation_language set,
// translated_body null); it is translated at once, and when the provider fails, again by the
// resender's passes (1, 2, 4, 8, 16 minutes later) before it is given up and shown as not
// translated. The reply itself never changes. A reply stored while its family's language was not
// translated (before translation was on) is sent the same way the first time a chat shows it.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from '../../db/open.ts';
import { messages } from '../../db/schema.ts';
import { TranslationError, type TranslationProvider } from '../../providers/translation.ts';
import { translateWithMemory } from './translation.ts';

/** Tries of the resender at a reply's translation, after the first, before it is given up. */
export const REPLY_TRANSLATION_ATTEMPT_LIMIT = 5;
/** How many waiting replies one pass takes. */
const REPLY_TRANSLATION_BATCH = 50;

export interface ReplyTranslator {
  db: Database;
  translation: TranslationProvider;
  log: FastifyBaseLogger;
  now: Date;
}

/**
 * Translates one waiting reply into English and stores it; one the provider reads as English is
 * left as it is, waiting no more. Resolves false when the provider failed (the reply keeps
 * waiting until `retryAt`, or for good when that is null).
 */
export async function translateReply(
  { db, translation, log }: ReplyTranslator,
  reply: { id: string; body: string },
  retryAt: Date | null,
): Promise<boolean> {
  try {
    const english = await translateWithMemory(db, translation, reply.body, 'en');
    await db
      .update(messages)
      .set(
        english.sourceLanguage === 'en'
          ? { translationLanguage: null, translationOutcome: 'english', nextAttemptAt: null }
          : {
              translationLanguage: english.sourceLanguage,
              translatedBody: english.text,
              nextAttemptAt: null,
            },
      )
      .where(eq(messages.id, reply.id));
    return true;
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    log.warn({ messageId: reply.id, reason: error.message }, 'a reply was not translated');
    await db
      .update(messages)
      .set(
        retryAt
          ? { nextAttemptAt: retryAt }
          : { translationLanguage: null, translationOutcome: 'given-up', nextAttemptAt: null },
      )
      .where(eq(messages.id, reply.id));
    return false;
  }
}

/**
 * One pass over the replies still waiting for their translation: those due are claimed (a
 * second server skips them), their next try pushed back, and translated. After
 * REPLY_TRANSLATION_ATTEMPT_LIMIT tries a reply waits no more and stays shown as received.
 */
export async function translateWaitingReplies(
  translator: ReplyTranslator,
): Promise<{ translated: number; failed: number }> {
  const { db, now } = translator;
  const claimed = await db.execute(sql`
    with due as (
      select ${messages.id} from ${messages}
      where not ${messages.fromTutor} and ${messages.translationLanguage} is not null
        and ${messages.translatedBody} is null
        and ${messages.nextAttemptAt} <= ${now.toISOString()}
      order by ${messages.nextAttemptAt}
      limit ${REPLY_TRANSLATION_BATCH}
      for update skip locked
    )
    update ${messages} set
      attempt = ${messages.attempt} + 1,
      next_attempt_at = ${now.toISOString()}::timestamptz
        + least(30, power(2, ${messages.attempt} + 1)) * interval '1 minute'
    from due
    where ${messages.id} = due.id
    returning ${messages.id}, ${messages.body}, ${messages.attempt}
  `);
  const rows = rowsOf<{ id: string; body: string; attempt: number }>(claimed);
  let translated = 0;
  let failed = 0;
  for (const row of rows) {
    const last = row.attempt >= REPLY_TRANSLATION_ATTEMPT_LIMIT;
    const retryAt = last ? null : new Date(now.getTime() + Math.min(30, 2 ** row.attempt) * 60_000);
    if (await translateReply(translator, row, retryAt)) translated += 1;
    else failed += 1;
  }
  return { translated, failed };
}

/** How many of a chat's replies one showing sends to be translated, the newest first. */
export const FIRST_SHOWN_BATCH = 50;

/**
 * Replies of a family whose language is now translated, stored before it was (never asked about:
 * no translation language, no English, no outcome), as a chat shows them: claimed in one
 * conditional update, so two polls at once send each reply once, and marked waiting as a new
 * reply is (translated next; the resender retries from `retryAt` within its attempt limits).
 * Resolves with the replies this call claimed, to be translated with translateReply.
 */
export async function claimRepliesFirstShown(
  db: Database,
  claim: { studentId: string; replyIds: string[]; languageCode: string; retryAt: Date },
): Promise<Array<{ id: string; body: string }>> {
  const ids = claim.replyIds.slice(-FIRST_SHOWN_BATCH);
  if (ids.length === 0) return [];
  return db
    .update(messages)
    .set({ translationLanguage: claim.languageCode, nextAttemptAt: claim.retryAt })
    .where(
      and(
        inArray(messages.id, ids),
        eq(messages.studentId, claim.studentId),
        eq(messages.fromTutor, false),
        isNull(messages.translationLanguage),
        isNull(messages.translatedBody),
        isNull(messages.translationOutcome),
      ),
    )
    .returning({ id: messages.id, body: messages.body });
}
