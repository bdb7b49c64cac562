// The texts' delivery outcomes for the staff side: what happened to each text, never its words.
import type { components } from '@tutoring/api/schema';
import { and, asc, eq, gt, gte, notInArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/open.ts';
import { messages, students, tutors } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

type MessagePage = components['schemas']['IntegrationMessagePage'];
type Outcome = MessagePage['messages'][number];

const sender = alias(tutors, 'sender');

/** A page of texts, least recently changed first, from `updatedSince` on and after `cursor`. */
export async function listMessageOutcomes(
  db: Database,
  options: { updatedSince?: Date | undefined; cursor?: string | undefined; limit: number },
): Promise<MessagePage> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
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
    })
    .from(messages)
    .innerJoin(students, eq(students.id, messages.studentId))
    .leftJoin(sender, eq(sender.id, messages.tutorId))
    .where(
      and(
        // Texts held for the family's quiet hours, or cancelled there, were never sent: staff
        // read them once they go out (their updated_at moves then).
        notInArray(messages.deliveryStatus, ['scheduled', 'cancelled']),
        options.updatedSince ? gte(messages.updatedAt, options.updatedSince) : undefined,
        after
          ? or(
              gt(messages.updatedAt, after.at),
              and(eq(messages.updatedAt, after.at), gt(messages.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(messages.updatedAt), asc(messages.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    messages: page.map(
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
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}
