// The texts' delivery outcomes for the staff side: what happened to each text, never its words.
import type { components } from '@tutoring/api/schema';
import { and, eq, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open.ts';
import { messages, students, tutors } from '../../db/schema.ts';
import { feedAfter, feedCondition, feedCursors, feedOrder, feedSelection } from './feed.ts';

type MessagePage = components['schemas']['IntegrationMessagePage'];
type Outcome = MessagePage['messages'][number];

const sender = alias(tutors, 'sender');

/** A page of the texts feed (feed.ts), in commit order, from `updatedSince` on and after `cursor`. */
export async function listMessageOutcomes(
  db: Database,
  options: { updatedSince?: Date | undefined; cursor?: string | undefined; limit: number },
): Promise<MessagePage> {
  const after = feedAfter(options.cursor);
  const rows = await db
    .select({
      id: messages.id,
      fromTutor: messages.fromTutor,
      deliveryStatus: messages.deliveryStatus,
      errorCode: messages.errorCode,
      attempt: messages.attempt,
      sentAt: messages.sentAt,
      updatedAt: messages.updatedAt,
      studentCode: students.studentCode,
      studentRecordId: students.externalRecordId,
      tutorRecordId: sender.externalRecordId,
      ...feedSelection(messages),
    })
    .from(messages)
    .innerJoin(students, eq(students.id, messages.studentId))
    .leftJoin(sender, eq(sender.id, messages.tutorId))
    .where(
      and(
        // Texts held for the family's quiet hours, or cancelled there, were never sent: staff
        // read them once they go out (their updated_at moves then).
        notInArray(messages.deliveryStatus, ['scheduled', 'cancelled']),
        feedCondition(messages, { after, updatedSince: options.updatedSince }),
      ),
    )
    .orderBy(...feedOrder(messages))
    .limit(options.limit + 1);
  return {
    messages: rows.slice(0, options.limit).map(
      (row): Outcome => ({
        id: row.id,
        direction: row.fromTutor ? 'outbound' : 'inbound',
        deliveryStatus: row.deliveryStatus as Outcome['deliveryStatus'],
        errorCode: row.errorCode,
        attempt: row.attempt,
        studentCode: row.studentCode,
        studentRecordId: row.studentRecordId,
        tutorRecordId: row.tutorRecordId,
        sentAt: row.sentAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }),
    ),
    ...feedCursors(rows, options.limit, options.cursor),
  };
}
