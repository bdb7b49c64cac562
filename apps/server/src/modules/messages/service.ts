// Texts between tutors and guardians. Outbound: stored first (queued), then handed to the SMS
// provider, then marked with what the provider answered; a refused text stays on record as failed
// and is left out of the conversation. Inbound: the Twilio webhook and the dev route both land in
// receiveGuardianText, and a MessageSid seen before is ignored.

import type { components } from '@tutoring/api/schema';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { messages, students, tutoringSessions, tutors } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms.ts';
import { qualifiedStudentId, type StudentRow } from '../tutors/queries.ts';

type MessageResponse = components['schemas']['Message'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type MessageRow = typeof messages.$inferSelect;

/** How many of the latest messages a conversation carries. */
const CONVERSATION_LIMIT = 500;

export function toMessageResponse(row: MessageRow): MessageResponse {
  return {
    id: row.id,
    body: row.body,
    isFromTutor: row.fromTutor ? 'Yes' : 'No',
    dateSent: row.sentAt.toISOString(),
    messageType: row.messageType,
  };
}

const latestOfConversation = (db: Database) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.studentId, sql.placeholder('studentId')),
        ne(messages.deliveryStatus, 'failed'),
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(CONVERSATION_LIMIT)
    .prepare('latest_of_conversation');

/** The conversation with the student's guardian, oldest first; failed sends are not part of it. */
export async function listConversation(db: Database, studentId: string): Promise<MessageRow[]> {
  const latest = await prepared(db, latestOfConversation).execute({ studentId });
  return latest.reverse();
}

/**
 * A digest of everything a poll's answer shows besides the day: the student's whole row (its
 * conversation_version goes up with every change to their messages, see the schema) and the
 * latest session's date, read from the (student_id, session_date) index. The cost stays the same
 * however long the conversation grows, and an unchanged chat is answered without sending the row
 * to the server.
 */
const conversationDigest = sql<string | null>`md5(concat_ws('|',
  ${students}::text,
  (select max(${tutoringSessions.sessionDate}) from ${tutoringSessions}
    where ${tutoringSessions.studentId} = ${qualifiedStudentId})
))`;

const conversationDigestOfTutorsStudent = (db: Database) =>
  db
    .select({ tutorId: tutors.id, studentId: students.id, digest: conversationDigest })
    .from(tutors)
    .leftJoin(
      students,
      and(eq(students.id, sql.placeholder('studentId')), eq(students.tutorId, tutors.id)),
    )
    .where(sql`lower(${tutors.email}) = ${sql.placeholder('email')}`)
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

const studentWithLastSession = (db: Database) =>
  db
    .select({
      student: students,
      lastSessionDate: sql<string | null>`(select max(${tutoringSessions.sessionDate})
        from ${tutoringSessions} where ${tutoringSessions.studentId} = ${qualifiedStudentId})`.mapWith(
        tutoringSessions.sessionDate,
      ),
    })
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        eq(students.tutorId, sql.placeholder('tutorId')),
      ),
    )
    .prepare('student_of_tutor_with_last_session');

/**
 * The tutor's student's row and the date of their latest recorded session ('YYYY-MM-DD' or null);
 * undefined when the student is not the tutor's.
 */
export async function findStudentWithLastSession(
  db: Database,
  tutorId: string,
  studentId: string,
): Promise<{ student: StudentRow; lastSessionDate: string | null } | undefined> {
  const [row] = await prepared(db, studentWithLastSession).execute({ studentId, tutorId });
  return row && { student: row.student, lastSessionDate: row.lastSessionDate ?? null };
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
      sentAt: sql.placeholder('sentAt'),
    })
    .returning()
    .prepare('insert_queued_tutor_text');

const recordTextReceipt = (db: Database) =>
  db
    .update(messages)
    // An update's set takes SQL, not a bare placeholder.
    .set({
      deliveryStatus: sql`${sql.placeholder('deliveryStatus')}`,
      providerMessageId: sql`${sql.placeholder('providerMessageId')}`,
    })
    .where(eq(messages.id, sql.placeholder('id')))
    .returning()
    .prepare('record_text_receipt');

export async function sendTutorText(
  options: { db: Database; sms: SmsProvider; log: FastifyBaseLogger; now: Date },
  tutorId: string,
  student: StudentRow,
  text: string,
): Promise<{ message: MessageResponse; deliveryStatus: DeliveryStatus }> {
  const { db, sms, log } = options;
  if (!student.guardianPhone) {
    throw new ApiError(409, "This student's guardian has no phone number on record.");
  }
  const [stored] = await prepared(db, insertQueuedTutorText).execute({
    studentId: student.id,
    tutorId,
    body: text,
    sentAt: options.now,
  });
  if (!stored) throw new Error('Storing the message returned no row');

  try {
    const receipt = await sms.send({
      from: student.forwardingNumber,
      to: student.guardianPhone,
      body: text,
    });
    const [sent] = await prepared(db, recordTextReceipt).execute({
      id: stored.id,
      deliveryStatus: receipt.status,
      providerMessageId: receipt.providerMessageId,
    });
    return { message: toMessageResponse(sent ?? stored), deliveryStatus: receipt.status };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(messages)
      .set({ deliveryStatus: 'failed', failureReason: reason.slice(0, 1000) })
      .where(eq(messages.id, stored.id));
    log.warn({ messageId: stored.id, reason }, 'the SMS provider did not accept a text');
    if (!(error instanceof SmsDeliveryError)) throw error;
    throw new ApiError(503, 'The text could not be sent. Please try again in a moment.', {
      messageId: stored.id,
      deliveryStatus: 'failed',
    });
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
  const inserted = await db
    .insert(messages)
    .values({
      studentId: student.id,
      tutorId: student.tutorId,
      body: text.body,
      fromTutor: false,
      messageType: 'activity',
      deliveryStatus: 'received',
      providerMessageId: text.providerMessageId,
      sentAt: text.receivedAt,
    })
    .onConflictDoNothing({ target: messages.providerMessageId })
    .returning({ id: messages.id });
  return inserted.length > 0 ? 'stored' : 'duplicate';
}
