// Texts between tutors and guardians. Outbound: stored first (queued), then handed to the SMS
// provider, then marked with what the provider answered (delivery.ts follows them on); a text
// refused on its first send stays on record as failed and is left out of the conversation.
// Inbound: the Twilio webhook and the dev route both land in receiveGuardianText (inbound.ts).
// What a chat shows of each message, and of the student, is read here in one statement.

import type { components } from '@tutoring/api/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { messageMedia, messages, students, tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { SmsDeliveryError } from '../../providers/sms.ts';
import {
  type AttentionRow,
  attentionJson,
  qualifiedStudentId,
  type StudentRow,
} from '../tutors/queries.ts';
import {
  handOver,
  inConversation,
  type MessageRow,
  RESEND_GRACE_MS,
  refusedText,
  type Sender,
} from './delivery.ts';
import { deliveryFailureOf } from './delivery-failure.ts';
import { familyLanguageOf, languageName } from './family-language.ts';
import { optedOutError } from './opt-out.ts';
import { type QuietHours, quietHoursEnd } from './quiet-hours.ts';

type MessageResponse = components['schemas']['Message'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];
type MessageMedia = components['schemas']['MessageMedia'];

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
  | 'translationOutcome'
  | 'errorCode'
  | 'sentAsWritten'
  | 'mediaCount'
  | 'scheduledFor'
> & {
  /** The pictures of a family's text, in the order sent (absent where none was read). */
  media?: MessageMediaRef[] | null;
};

export interface MessageMediaRef {
  id: string;
  contentType: MessageMedia['contentType'];
}

/**
 * Whether a family's reply is shown without English although the family's texts are translated:
 * it came before translation was on, its translation was given up, or it still waits for it. A
 * reply the provider read as English, or one without words (a picture), needs none.
 */
export function isUntranslatedReply(
  row: Pick<
    ConversationMessage,
    'fromTutor' | 'messageType' | 'body' | 'translatedBody' | 'translationOutcome'
  >,
  familyTranslated: boolean,
): boolean {
  return (
    familyTranslated &&
    !row.fromTutor &&
    row.messageType === 'activity' &&
    row.translatedBody === null &&
    row.translationOutcome !== 'english' &&
    row.body.trim() !== ''
  );
}

/**
 * A message as the contract carries it. `familyTranslated`: whether the student's family reads
 * their texts translated now (familyLanguageOf), which a reply without English is measured by.
 */
export function toMessageResponse(
  row: ConversationMessage,
  familyTranslated = false,
): MessageResponse {
  const failure = row.fromTutor ? deliveryFailureOf(row) : undefined;
  return {
    id: row.id,
    body: row.body,
    isFromTutor: row.fromTutor ? 'Yes' : 'No',
    dateSent: row.sentAt.toISOString(),
    messageType: row.messageType,
    // The tutor's own texts say how far they got; a guardian's reply is simply 'received'.
    ...(row.fromTutor ? { deliveryStatus: row.deliveryStatus as DeliveryStatus } : {}),
    ...(row.deliveryStatus === 'scheduled' && row.scheduledFor
      ? { scheduledFor: row.scheduledFor.toISOString() }
      : {}),
    ...(failure ? { failure } : {}),
    ...(row.fromTutor && row.sentAsWritten ? { sentAsWritten: true } : {}),
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
    ...(isUntranslatedReply(row, familyTranslated) ? { notTranslated: true } : {}),
    ...(row.media && row.media.length > 0 ? { media: row.media } : {}),
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

/** A conversation message as the chat query returns it, before its time is read. */
type ConversationMessageJson = Omit<
  ConversationMessage,
  'sentAt' | 'mediaCount' | 'scheduledFor'
> & {
  sentAt: string;
  scheduledFor: string | null;
};

const studentConversation = (db: Database) =>
  db
    .select({
      student: students,
      // The latest messages, oldest first, as one JSON array: one statement for the whole
      // answer, and one JSON.parse instead of a row to decode and map per message. Pictures are
      // looked up only for the messages that have any.
      conversation: sql<ConversationMessageJson[]>`(
        select coalesce(json_agg(json_build_object(
          'id', latest.id, 'body', latest.body, 'fromTutor', latest.from_tutor,
          'messageType', latest.message_type, 'sentAt', latest.sent_at,
          'deliveryStatus', latest.delivery_status,
          'translationLanguage', latest.translation_language,
          'translatedBody', latest.translated_body,
          'translationOutcome', latest.translation_outcome,
          'errorCode', latest.error_code,
          'sentAsWritten', latest.sent_as_written,
          'scheduledFor', latest.scheduled_for,
          'media', case when latest.media_count > 0 then (
            select json_agg(json_build_object(
              'id', ${messageMedia.id}, 'contentType', ${messageMedia.contentType}
            ) order by ${messageMedia.position})
            from ${messageMedia} where ${messageMedia.messageId} = latest.id
          ) end
        ) order by latest.sent_at, latest.id), '[]'::json)
        from (
          select * from ${messages}
          where ${messages.studentId} = ${qualifiedStudentId}
            and ${inConversation}
          order by ${messages.sentAt} desc, ${messages.id} desc
          limit ${CONVERSATION_LIMIT}
        ) latest
      )`,
      attention: sql<AttentionRow | null>`${attentionJson}`,
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
 * The tutor's student's row (with the trigger-kept summary: last session date, unread count,
 * texts needing attention), the newest of the texts needing attention, and the conversation with
 * their guardian (the latest messages, oldest first; failed first sends are not part of it);
 * undefined when the student is not the tutor's.
 */
export async function findStudentConversation(
  db: Database,
  tutorId: string,
  studentId: string,
): Promise<
  | { student: StudentRow; attention: AttentionRow | null; conversation: ConversationMessage[] }
  | undefined
> {
  const [row] = await prepared(db, studentConversation).execute({ studentId, tutorId });
  return (
    row && {
      student: row.student,
      attention: row.attention,
      conversation: row.conversation.map((message) => ({
        ...message,
        sentAt: new Date(message.sentAt),
        scheduledFor: message.scheduledFor === null ? null : new Date(message.scheduledFor),
        mediaCount: message.media?.length ?? 0,
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

/** A tutor's text written during the family's quiet hours: held until `scheduledFor`. */
const insertScheduledTutorText = (db: Database) =>
  db
    .insert(messages)
    .values({
      studentId: sql.placeholder('studentId'),
      tutorId: sql.placeholder('tutorId'),
      body: sql.placeholder('body'),
      fromTutor: true,
      messageType: 'activity',
      deliveryStatus: 'scheduled',
      translationLanguage: sql.placeholder('translationLanguage'),
      sentAt: sql.placeholder('sentAt'),
      scheduledFor: sql.placeholder('scheduledFor'),
    })
    .returning()
    .prepare('insert_scheduled_tutor_text');

/** When families are not texted: their quiet hours, in their time zone or the organisation's. */
export interface FamilyQuietHours {
  hours: QuietHours | null;
  /** The organisation's time zone, for a family whose record names none. */
  timeZone: string;
}

/**
 * When a text written now to this student's family would go out: undefined for now, or the end
 * of the family's quiet hours when now is within them.
 */
export function heldUntil(
  student: Pick<StudentRow, 'timeZone'>,
  quiet: FamilyQuietHours,
  now: Date,
): Date | undefined {
  if (!quiet.hours) return undefined;
  return quietHoursEnd(now, quiet.hours, student.timeZone ?? quiet.timeZone);
}

/**
 * A tutor's new text to their student's family. A family that opted out is refused (409) before
 * anything is stored; a text written during the family's quiet hours is stored as scheduled and
 * sent by the scheduler at their end (translated then); any other is stored as queued and handed
 * to the provider at once.
 */
export async function sendTutorText(
  sender: Sender,
  tutorId: string,
  student: StudentRow,
  text: string,
  quiet: FamilyQuietHours,
): Promise<{ message: MessageResponse; deliveryStatus: DeliveryStatus }> {
  if (student.textOptedOutAt) throw optedOutError(student, sender.timeZone);
  if (!student.guardianPhone) {
    throw new ApiError(409, "This student's guardian has no phone number on record.");
  }
  const familyLanguage = familyLanguageOf(student, sender.translation);
  // Stored before anything is asked of a provider; handOver translates it into this language.
  const translationLanguage = familyLanguage?.translated ? familyLanguage.code : null;
  const scheduledFor = heldUntil(student, quiet, sender.now);
  if (scheduledFor) {
    const [held] = await prepared(sender.db, insertScheduledTutorText).execute({
      studentId: student.id,
      tutorId,
      body: text,
      translationLanguage,
      sentAt: sender.now,
      scheduledFor,
    });
    if (!held) throw new Error('Storing the message returned no row');
    return { message: toMessageResponse(held), deliveryStatus: 'scheduled' };
  }
  const [stored] = await prepared(sender.db, insertQueuedTutorText).execute({
    studentId: student.id,
    tutorId,
    body: text,
    translationLanguage,
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
    if (error instanceof SmsDeliveryError) throw refusedText(stored.id, error);
    throw error;
  }
}
