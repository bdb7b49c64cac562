// How far a tutor has read a conversation (markTutorMessagesRead): the chat, while it is on
// screen, marks its newest message, and the student's unread count (students.unread_count, kept
// by a trigger on conversation_reads: migration 0016) then counts the family's replies after it.
// A mark only moves forward, in conversation order (sent_at, id), and a mark that does not move
// writes nothing: a chat marking what it already marked leaves its poll's tag as it was.
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/open.ts';
import { conversationReads, messages, students } from '../../db/schema.ts';
import { inConversation } from './delivery.ts';

/**
 * Marks the tutor's student's conversation read up to `messageId`, a message of that conversation,
 * and answers the student's unread count afterwards; undefined when the message is not in that
 * student's conversation. The caller has checked that the student is the tutor's.
 */
export async function markConversationRead(
  db: Database,
  mark: { tutorId: string; studentId: string; messageId: string; now: Date },
): Promise<{ unreadCount: number } | undefined> {
  // One statement: the message is found in the conversation and the mark moved to it when it is
  // further on (conversation order), never back.
  const found = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      with target as (
        select ${messages.id} as id, ${messages.sentAt} as sent_at from ${messages}
        where ${messages.id} = ${mark.messageId} and ${messages.studentId} = ${mark.studentId}
          and ${inConversation}
      ), marked as (
        insert into ${conversationReads} as existing
          (tutor_id, student_id, message_id, message_sent_at, read_at)
        select ${mark.tutorId}::uuid, ${mark.studentId}::uuid, target.id, target.sent_at,
          ${mark.now.toISOString()}::timestamptz
        from target
        on conflict (tutor_id, student_id) do update set
          message_id = excluded.message_id,
          message_sent_at = excluded.message_sent_at,
          read_at = excluded.read_at
        where (existing.message_sent_at, existing.message_id)
          < (excluded.message_sent_at, excluded.message_id)
        returning 1
      )
      select exists (select 1 from target) as found, (select count(*) from marked) as moved
    `),
  );
  if (!found[0]?.found) return undefined;
  // The trigger has counted again by now (it ran within the statement above).
  const [student] = await db
    .select({ unreadCount: students.unreadCount })
    .from(students)
    .where(and(eq(students.id, mark.studentId), eq(students.tutorId, mark.tutorId)));
  return student && { unreadCount: student.unreadCount };
}
