// A tutor's text to the organisation's notification number (TWILIO_NOTIFICATION_FROM): STOP (or
// any opt-out word, in any case) from their verified phone stops text notifications to it, START
// (or UNSTOP, YES) starts them again. Anything else is not read by anyone, so it is only logged;
// the provider itself answers STOP and HELP to the sender.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { notificationSettings } from '../../db/schema.ts';
import { keywordOf } from '../messages/opt-out.ts';

export type TutorTextOutcome = 'tutor-opted-out' | 'tutor-opted-in' | 'ignored';

export async function receiveTutorText(
  db: Database,
  log: FastifyBaseLogger,
  text: { from: string; body: string; receivedAt: Date },
): Promise<TutorTextOutcome> {
  const keyword = keywordOf(text.body);
  if (keyword?.kind !== 'opt-out' && keyword?.kind !== 'opt-in') {
    log.info('a text to the notification number that is no keyword: ignored');
    return 'ignored';
  }
  const changed = await db
    .update(notificationSettings)
    .set({
      phoneOptedOutAt: keyword.kind === 'opt-out' ? text.receivedAt : null,
      updatedAt: text.receivedAt,
    })
    .where(
      and(
        eq(notificationSettings.phone, text.from),
        isNotNull(notificationSettings.phoneVerifiedAt),
      ),
    )
    .returning({ tutorId: notificationSettings.tutorId });
  if (changed.length === 0) {
    log.info('a keyword to the notification number from a phone no tutor verified: ignored');
    return 'ignored';
  }
  log.info({ tutors: changed.length, keyword: keyword.kind }, 'a tutor’s texts were switched');
  return keyword.kind === 'opt-out' ? 'tutor-opted-out' : 'tutor-opted-in';
}
