// Texts between tutors and guardians. Outbound: stored first (queued), then handed to the SMS
// provider, then marked with what the provider answered; a refused text stays on record as failed
// and is left out of the conversation. Inbound: the Twilio webhook and the dev route both land in
// receiveGuardianText, and a MessageSid seen before is ignored.

import type { components } from '@tutoring/api/schema';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { messages, students, tutoringSessions } from '../../db/schema.ts';
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

/** The conversation with the student's guardian, oldest first; failed sends are not part of it. */
export async function listConversation(db: Database, studentId: string): Promise<MessageRow[]> {
  const latest = await db
    .select()
    .from(messages)
    .where(and(eq(messages.studentId, studentId), ne(messages.deliveryStatus, 'failed')))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(CONVERSATION_LIMIT);
  return latest.reverse();
}

export interface ConversationState {
  /** Messages of the conversation (failed sends are not part of it). */
  messageCount: number;
  /** When its latest message was sent, or null. */
  latestSentAt: Date | null;
  /** The date of the student's latest recorded session ('YYYY-MM-DD'), or null. */
  lastSessionDate: string | null;
}

/**
 * What a poll's answer depends on besides the student's row, read in one query from the
 * (student_id, sent_at) and (student_id, session_date) indexes.
 */
export async function conversationState(
  db: Database,
  studentId: string,
): Promise<ConversationState> {
  const inConversation = and(
    sql`${messages.studentId} = ${qualifiedStudentId}`,
    ne(messages.deliveryStatus, 'failed'),
  );
  const [row] = await db
    .select({
      messageCount: sql<number>`(select count(*) from ${messages} where ${inConversation})`.mapWith(
        Number,
      ),
      latestSentAt:
        sql<Date | null>`(select max(${messages.sentAt}) from ${messages} where ${inConversation})`.mapWith(
          messages.sentAt,
        ),
      lastSessionDate: sql<
        string | null
      >`(select max(${tutoringSessions.sessionDate}) from ${tutoringSessions} where ${tutoringSessions.studentId} = ${qualifiedStudentId})`.mapWith(
        tutoringSessions.sessionDate,
      ),
    })
    .from(students)
    .where(eq(students.id, studentId));
  return {
    messageCount: row?.messageCount ?? 0,
    latestSentAt: row?.latestSentAt ?? null,
    lastSessionDate: row?.lastSessionDate ?? null,
  };
}

export interface LastMessage {
  body: string;
  by: 'Tutor' | 'Guardian' | 'Admin';
}

/**
 * The latest message of each of these students (for Last_Message and Last_Message_By): one
 * `limit 1` read per student from the (student_id, sent_at) index, joined with `union all`, so
 * the cost does not grow with the length of the conversations.
 */
export async function lastMessages(
  db: Database,
  studentIds: string[],
): Promise<Map<string, LastMessage>> {
  const latestOf = (studentId: string) =>
    db
      .select({
        studentId: messages.studentId,
        body: messages.body,
        fromTutor: messages.fromTutor,
        messageType: messages.messageType,
      })
      .from(messages)
      .where(and(eq(messages.studentId, studentId), ne(messages.deliveryStatus, 'failed')))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(1);
  const [first, second, ...others] = [...new Set(studentIds)].map(latestOf);
  if (!first) return new Map();
  const rows = second ? await unionAll(first, second, ...others) : await first;
  return new Map(
    rows.map((row) => [
      row.studentId,
      {
        body: row.body,
        by: row.fromTutor ? 'Tutor' : row.messageType === 'activity' ? 'Guardian' : 'Admin',
      },
    ]),
  );
}

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
  const [stored] = await db
    .insert(messages)
    .values({
      studentId: student.id,
      tutorId,
      body: text,
      fromTutor: true,
      messageType: 'activity',
      deliveryStatus: 'queued',
      sentAt: options.now,
    })
    .returning();
  if (!stored) throw new Error('Storing the message returned no row');

  try {
    const receipt = await sms.send({
      from: student.forwardingNumber,
      to: student.guardianPhone,
      body: text,
    });
    const [sent] = await db
      .update(messages)
      .set({ deliveryStatus: receipt.status, providerMessageId: receipt.providerMessageId })
      .where(eq(messages.id, stored.id))
      .returning();
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
