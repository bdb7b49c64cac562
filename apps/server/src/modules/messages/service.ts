// Texts between tutors and guardians. Outbound: stored first (queued), then handed to the SMS
// provider, then marked with what the provider answered (delivery.ts follows them on); a text
// refused on its first send stays on record as failed and is left out of the conversation.
// Inbound: the Twilio webhook and the dev route both land in receiveGuardianText, and a
// MessageSid seen before is ignored.

import type { components } from '@tutoring/api/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { messages, students, tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { SmsDeliveryError } from '../../providers/sms.ts';
import type { TranslationProvider } from '../../providers/translation.ts';
import { qualifiedStudentId, type StudentRow } from '../tutors/queries.ts';
import {
  handOver,
  inConversation,
  type MessageRow,
  RESEND_GRACE_MS,
  refusedText,
  type Sender,
} from './delivery.ts';
import { familyLanguageOf, languageName } from './family-language.ts';
import { translateReply } from './reply-translation.ts';

type MessageResponse = components['schemas']['Message'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];

/** How many of the latest messages a conversation carries. */
const CONVERSATION_LIMIT = 500;

/** What a chat shows of a message. */
export type ConversationMessage = Pick<
  MessageRow,
  | 'id'
  | 'body'
  | 'fromTutor'
  | 'messageType'
  | 'sentAt'
  | 'deliveryStatus'
  | 'translationLanguage'
  | 'translatedBody'
>;

export function toMessageResponse(row: ConversationMessage): MessageResponse {
  return {
    id: row.id,
    body: row.body,
    isFromTutor: row.fromTutor ? 'Yes' : 'No',
    dateSent: row.sentAt.toISOString(),
    messageType: row.messageType,
    // The tutor's own texts say how far they got; a guardian's reply is simply 'received'.
    ...(row.fromTutor ? { deliveryStatus: row.deliveryStatus as DeliveryStatus } : {}),
    // What the family received, or a reply's English: body keeps the original words.
    ...(row.translationLanguage && row.translatedBody !== null
      ? {
          translation: {
            languageName: languageName(row.translationLanguage),
            languageCode: row.translationLanguage,
            text: row.translatedBody,
          },
        }
      : {}),
  };
}

/**
 * A digest of everything a poll's answer shows besides the day: the student's whole row. Triggers
 * keep on it what the answer derives from other tables: conversation_version goes up with every
 * change to their messages (migration 0002) and last_session_date follows their sessions
 * (migration 0015). So the cost stays the same however long the conversation and the tutoring
 * history grow, and an unchanged chat is answered without sending the row to the server.
 */
const conversationDigest = sql<string | null>`md5(${students}::text)`;

const conversationDigestOfTutorsStudent = (db: Database) =>
  db
    .select({ tutorId: tutors.id, studentId: students.id, digest: conversationDigest })
    .from(tutors)
    .leftJoin(
      students,
      and(eq(students.id, sql.placeholder('studentId')), eq(students.tutorId, tutors.id)),
    )
    // An archived tutor signs in to nothing: 'We cannot find your account'.
    .where(
      sql`lower(${tutors.email}) = ${sql.placeholder('email')} and ${tutors.archivedAt} is null`,
    )
    .limit(1)
    .prepare('conversation_digest_of_tutors_student');

/**
 * What a chat poll needs before its answer, in one query: whether a tutor has this e-mail, whether
 * the student with this id is theirs, and the conversation's digest. Undefined when no tutor has
 * the e-mail; `digest` is null when the student is not theirs.
 */
export async function findConversationDigest(
  db: Database,
  tutorEmail: string,
  studentId: string,
): Promise<{ tutorId: string; digest: string | null } | undefined> {
  const [row] = await prepared(db, conversationDigestOfTutorsStudent).execute({
    email: tutorEmail.toLowerCase(),
    studentId,
  });
  if (!row) return undefined;
  return { tutorId: row.tutorId, digest: row.studentId === null ? null : row.digest };
}

const studentConversation = (db: Database) =>
  db
    .select({
      student: students,
      // The latest messages, oldest first, as one JSON array: one statement for the whole
      // answer, and one JSON.parse instead of a row to decode and map per message.
      conversation: sql<Array<Omit<ConversationMessage, 'sentAt'> & { sentAt: string }>>`(
        select coalesce(json_agg(json_build_object(
          'id', latest.id, 'body', latest.body, 'fromTutor', latest.from_tutor,
          'messageType', latest.message_type, 'sentAt', latest.sent_at,
          'deliveryStatus', latest.delivery_status,
          'translationLanguage', latest.translation_language,
          'translatedBody', latest.translated_body
        ) order by latest.sent_at, latest.id), '[]'::json)
        from (
          select * from ${messages}
          where ${messages.studentId} = ${qualifiedStudentId}
            and ${inConversation}
          order by ${messages.sentAt} desc, ${messages.id} desc
          limit ${CONVERSATION_LIMIT}
        ) latest
      )`,
    })
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        eq(students.tutorId, sql.placeholder('tutorId')),
      ),
    )
    .prepare('student_conversation_of_tutor');

/**
 * The tutor's student's row (with the date of their latest recorded session, last_session_date)
 * and the conversation with their guardian (the latest messages, oldest first; failed sends are
 * not part of it); undefined when the student is not the tutor's.
 */
export async function findStudentConversation(
  db: Database,
  tutorId: string,
  studentId: string,
): Promise<{ student: StudentRow; conversation: ConversationMessage[] } | undefined> {
  const [row] = await prepared(db, studentConversation).execute({ studentId, tutorId });
  return (
    row && {
      student: row.student,
      conversation: row.conversation.map((message) => ({
        ...message,
        sentAt: new Date(message.sentAt),
      })),
    }
  );
}

/** A tutor's text, stored as queued before the provider is asked (nothing lost if it fails). */
const insertQueuedTutorText = (db: Database) =>
  db
    .insert(messages)
    .values({
      studentId: sql.placeholder('studentId'),
      tutorId: sql.placeholder('tutorId'),
      body: sql.placeholder('body'),
      fromTutor: true,
      messageType: 'activity',
      deliveryStatus: 'queued',
      translationLanguage: sql.placeholder('translationLanguage'),
      sentAt: sql.placeholder('sentAt'),
      nextAttemptAt: sql.placeholder('nextAttemptAt'),
    })
    .returning()
    .prepare('insert_queued_tutor_text');

export async function sendTutorText(
  sender: Sender,
  tutorId: string,
  student: StudentRow,
  text: string,
): Promise<{ message: MessageResponse; deliveryStatus: DeliveryStatus }> {
  if (!student.guardianPhone) {
    throw new ApiError(409, "This student's guardian has no phone number on record.");
  }
  const familyLanguage = familyLanguageOf(student, sender.translation);
  const [stored] = await prepared(sender.db, insertQueuedTutorText).execute({
    studentId: student.id,
    tutorId,
    body: text,
    // Stored before anything is asked of a provider; handOver translates it into this language.
    translationLanguage: familyLanguage?.translated ? familyLanguage.code : null,
    sentAt: sender.now,
    // Should the server stop before the provider answers, the resender sends it after this.
    nextAttemptAt: new Date(sender.now.getTime() + RESEND_GRACE_MS),
  });
  if (!stored) throw new Error('Storing the message returned no row');

  try {
    const sent =
      (await handOver(sender, stored, {
        from: student.forwardingNumber,
        to: student.guardianPhone,
      })) ?? stored;
    return {
      message: toMessageResponse(sent),
      deliveryStatus: sent.deliveryStatus as DeliveryStatus,
    };
  } catch (error) {
    if (error instanceof SmsDeliveryError) throw refusedText(stored.id);
    throw error;
  }
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
}

export type InboundOutcome = 'stored' | 'duplicate' | 'unknown-sender';

export async function receiveGuardianText(
  db: Database,
  log: FastifyBaseLogger,
  translation: TranslationProvider,
  text: InboundText,
): Promise<InboundOutcome> {
  const [student] = await db
    .select()
    .from(students)
    .where(and(eq(students.forwardingNumber, text.to), eq(students.guardianPhone, text.from)))
    .limit(1);
  if (!student) {
    // Someone other than the guardian texted a forwarding number: never shown to a tutor.
    log.warn({ providerMessageId: text.providerMessageId }, 'inbound text from an unknown sender');
    return 'unknown-sender';
  }
  const family = familyLanguageOf(student, translation);
  const translated = family?.translated && text.body.trim() ? family : undefined;
  // Should the first try fail, the resender tries again from then on.
  const retryAt = new Date(text.receivedAt.getTime() + 60_000);
  const inserted = await db
    .insert(messages)
    .values({
      studentId: student.id,
      tutorId: student.tutorId,
      // A text may carry U+0000, which PostgreSQL cannot store; it shows nothing anyway.
      body: text.body.replaceAll('\u0000', ''),
      fromTutor: false,
      messageType: 'activity',
      deliveryStatus: 'received',
      providerMessageId: text.providerMessageId,
      sentAt: text.receivedAt,
      // Waiting for its English (reply-translation.ts): translated next, or by the resender.
      ...(translated ? { translationLanguage: translated.code, nextAttemptAt: retryAt } : {}),
    })
    .onConflictDoNothing({ target: messages.providerMessageId })
    .returning({
      id: messages.id,
      body: messages.body,
      translationLanguage: messages.translationLanguage,
    });
  const [reply] = inserted;
  if (!reply) return 'duplicate';
  if (reply.translationLanguage) {
    await translateReply({ db, translation, log, now: text.receivedAt }, reply, retryAt);
  }
  return 'stored';
}
