// A family's text in: Twilio's inbound webhook and the dev route that plays a guardian's reply
// both land here. The text is matched to its student by (forwarding number, guardian phone) and
// stored once per MessageSid; its pictures (an MMS) are fetched from the provider first and
// stored with it, in one transaction, so a retry of the webhook finds everything or nothing; its
// words are translated into English when the family's language is translated.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { messageMedia, messages, students } from '../../db/schema.ts';
import {
  contentTypeEssence,
  isMediaContentType,
  type MediaContentType,
  type MediaFetcher,
} from '../../providers/mms-media.ts';
import type { TranslationProvider } from '../../providers/translation.ts';
import { familyLanguageOf } from './family-language.ts';
import { type Keyword, keywordChanges, keywordOf } from './opt-out.ts';
import { translateReply } from './reply-translation.ts';

/** At most this many pictures per text (Twilio's own limit). */
export const MAX_MEDIA_PER_TEXT = 10;

/** A picture the provider names in its webhook (MediaUrlN, MediaContentTypeN). */
export interface InboundMedia {
  url: string;
  /** The type the provider declared, if it did. */
  contentType?: string | undefined;
}

export interface InboundText {
  /** The guardian's number. */
  from: string;
  /** The student's forwarding number. */
  to: string;
  body: string;
  /** The provider's id of the text; a second delivery with the same id is ignored. */
  providerMessageId: string;
  receivedAt: Date;
  media?: InboundMedia[] | undefined;
}

export type InboundOutcome = 'stored' | 'duplicate' | 'unknown-sender';

/** What receiving a text needs: the database, a logger, translation and the media fetcher. */
export interface Receiver {
  db: Database;
  log: FastifyBaseLogger;
  translation: TranslationProvider;
  media: MediaFetcher;
}

interface Picture {
  position: number;
  contentType: MediaContentType;
  bytes: Buffer;
}

/**
 * The text's pictures that can be kept, fetched at once. A picture of a type no browser shows
 * everywhere (a contact card, a video) is not fetched at all; any refusal is logged by the
 * picture's place in the text, never by its URL.
 */
async function fetchPictures(receiver: Receiver, text: InboundText): Promise<Picture[]> {
  const media = (text.media ?? []).slice(0, MAX_MEDIA_PER_TEXT);
  const fetched = await Promise.all(
    media.map(async (item, position): Promise<Picture | undefined> => {
      const declared = contentTypeEssence(item.contentType);
      const refuse = (refusal: string, status?: number) => {
        receiver.log.warn(
          { providerMessageId: text.providerMessageId, position, declared, refusal, status },
          'a picture of an inbound text was not kept',
        );
        return undefined;
      };
      if (declared !== undefined && !isMediaContentType(declared)) {
        return refuse('unsupported-type');
      }
      const result = await receiver.media.fetch(item.url);
      if (!result.ok) return refuse(result.refusal, result.status);
      return { position, contentType: result.contentType, bytes: result.bytes };
    }),
  );
  return fetched.filter((picture): picture is Picture => picture !== undefined);
}

async function alreadyStored(db: Database, providerMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.providerMessageId, providerMessageId))
    .limit(1);
  return row !== undefined;
}

export async function receiveGuardianText(
  receiver: Receiver,
  text: InboundText,
): Promise<InboundOutcome> {
  const { db, log, translation } = receiver;
  const [student] = await db
    .select()
    .from(students)
    // Only students still on the books: an archived one may have left their pair to a new
    // student, and the pair is unique among the others (migration 0018).
    .where(
      and(
        eq(students.forwardingNumber, text.to),
        eq(students.guardianPhone, text.from),
        isNull(students.archivedAt),
      ),
    )
    .limit(1);
  if (!student) {
    // Someone other than the guardian texted a forwarding number: never shown to a tutor.
    log.warn({ providerMessageId: text.providerMessageId }, 'inbound text from an unknown sender');
    return 'unknown-sender';
  }
  // A retry of a text already stored fetches nothing again.
  if (text.media?.length && (await alreadyStored(db, text.providerMessageId))) return 'duplicate';
  const pictures = await fetchPictures(receiver, text);
  const family = familyLanguageOf(student, translation);
  const translated = family?.translated && text.body.trim() ? family : undefined;
  // Should the first try fail, the resender tries again from then on.
  const retryAt = new Date(text.receivedAt.getTime() + 60_000);
  const values = {
    studentId: student.id,
    tutorId: student.tutorId,
    // A text may carry U+0000, which PostgreSQL cannot store; it shows nothing anyway.
    body: text.body.replaceAll('\u0000', ''),
    fromTutor: false,
    messageType: 'activity',
    deliveryStatus: 'received',
    providerMessageId: text.providerMessageId,
    sentAt: text.receivedAt,
    mediaCount: pictures.length,
    // Waiting for its English (reply-translation.ts): translated next, or by the resender.
    ...(translated ? { translationLanguage: translated.code, nextAttemptAt: retryAt } : {}),
    // The tutor hears of it outside the portal unless they read it within the reply delay.
    ...(student.tutorId ? { notifySince: text.receivedAt } : {}),
  };
  // STOP, START, HELP: the family's say over our texts, recorded with the text itself.
  const keyword = keywordOf(values.body);
  const reply = await storeText(
    db,
    values,
    pictures,
    keyword && { keyword, studentId: student.id },
  );
  if (!reply) return 'duplicate';
  if (text.media?.length && pictures.length === 0 && !values.body.trim()) {
    log.warn(
      { providerMessageId: text.providerMessageId },
      'an inbound text had no words and none of its pictures could be kept',
    );
  }
  if (reply.translationLanguage) {
    await translateReply({ db, translation, log, now: text.receivedAt }, reply, retryAt);
  }
  return 'stored';
}

/**
 * Stores the text, and its pictures and what its keyword changes with it in one transaction;
 * undefined when a text with its MessageSid is already stored (the webhook delivered twice: a STOP
 * delivered again after a START changes nothing).
 */
async function storeText(
  db: Database,
  values: typeof messages.$inferInsert,
  pictures: Picture[],
  keyword?: { keyword: Keyword; studentId: string },
): Promise<{ id: string; body: string; translationLanguage: string | null } | undefined> {
  const insert = (database: Database) =>
    database
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: messages.providerMessageId })
      .returning({
        id: messages.id,
        body: messages.body,
        translationLanguage: messages.translationLanguage,
      });
  if (pictures.length === 0 && !keyword) return (await insert(db))[0];
  return db.transaction(async (tx) => {
    const [stored] = await insert(tx);
    if (!stored) return undefined;
    if (pictures.length > 0) {
      await tx.insert(messageMedia).values(
        pictures.map((picture) => ({
          messageId: stored.id,
          position: picture.position,
          contentType: picture.contentType,
          bytes: picture.bytes,
        })),
      );
    }
    if (keyword) {
      await tx
        .update(students)
        .set(keywordChanges(keyword.keyword, values.sentAt as Date))
        .where(eq(students.id, keyword.studentId));
    }
    return stored;
  });
}
