// Composing notifications: what each tutor should hear of (messages whose notify_since is older
// than the reply delay: families' replies, and texts of theirs that failed with no one waiting)
// becomes at most one notification per tutor per batching window, held through the tutor's quiet
// hours and then sent as one digest. A reply the tutor read meanwhile, a failed text they have
// since retried, or a student no longer theirs is dropped without a word.
//
// One transaction per tutor: the tutor's notification_settings row is locked first (FOR UPDATE
// SKIP LOCKED: another instance composing for the same tutor is skipped, not waited for), so the
// batching window holds across instances; the notification (its words fixed) is inserted and the
// messages it tells of are marked (notify_since null, notification_id) in the same commit, so a
// message is in exactly one notification, or still waiting for one after a crash.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from '../../db/open.ts';
import { messages, notificationJobs, notificationSettings, tutors } from '../../db/schema.ts';
import type { Transaction } from '../integration/upsert.ts';
import { quietHoursEnd } from '../messages/quiet-hours.ts';
import { type NotifiedMessage, notificationContent } from './content.ts';
import {
  type NotificationPolicy,
  quietHoursOf,
  type SettingsRow,
  textablePhone,
} from './settings.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** Tutors composed for in one pass, at most. */
const TUTORS_PER_PASS = 100;

export interface Composer {
  db: Database;
  log: FastifyBaseLogger;
  now: Date;
  policy: NotificationPolicy & { batchWindowMs: number };
  publicUrl: string;
}

export type ComposeOutcome = 'composed' | 'held' | 'nothing' | 'busy';

/**
 * One pass: every tutor with something due gets their notification composed (or held, for their
 * quiet hours or the batching window). Returns how many notifications were composed.
 */
export async function composeDueNotifications(composer: Composer): Promise<number> {
  const { db, now, policy } = composer;
  const due = new Date(now.getTime() - policy.replyDelayMs).toISOString();
  // A message whose tutor is gone has no one to tell.
  await db
    .update(messages)
    .set({ notifySince: null })
    .where(and(sql`${messages.notifySince} is not null`, isNull(messages.tutorId)));
  // Tutors whose notification is held (quiet hours, the batching window) are not looked at
  // again before it may go: a night of held digests costs no pass anything.
  const waiting = rowsOf<{ tutor_id: string }>(
    await db.execute(sql`
      select distinct m.tutor_id from ${messages} m
      left join ${notificationSettings} ns on ns.tutor_id = m.tutor_id
      where m.notify_since is not null and m.notify_since <= ${due} and m.tutor_id is not null
        and (ns.held_until is null or ns.held_until <= ${now.toISOString()})
      limit ${TUTORS_PER_PASS}`),
  );
  let composed = 0;
  for (const { tutor_id: tutorId } of waiting) {
    try {
      if ((await composeFor(composer, tutorId)) === 'composed') composed += 1;
    } catch (error) {
      composer.log.error({ err: error, tutorId }, 'composing a notification failed');
    }
  }
  return composed;
}

interface DueMessage {
  id: string;
  student_id: string;
  from_tutor: boolean;
  body: string;
  translated_body: string | null;
  translation_language: string | null;
  delivery_status: string;
  error_code: string | null;
  media_count: number;
  sent_at: string | Date;
  first_name: string;
  last_name: string;
  /** Whether it is still worth telling: the student is still the tutor's, and it still waits. */
  current: boolean;
}

/** The tutor's due messages, locked, each with whether it still waits for them. */
async function dueMessagesOf(tx: Transaction, tutorId: string, due: string): Promise<DueMessage[]> {
  return rowsOf<DueMessage>(
    await tx.execute(sql`
      select m.id, m.student_id, m.from_tutor, m.body, m.translated_body, m.translation_language,
        m.delivery_status, m.error_code, m.media_count, m.sent_at, s.first_name, s.last_name,
        s.tutor_id is not distinct from m.tutor_id and case
          when m.from_tutor then m.delivery_status in ('undelivered', 'failed', 'untranslated')
          else not exists (
            select 1 from conversation_reads r
            where r.tutor_id = m.tutor_id and r.student_id = m.student_id
              and (r.message_sent_at, r.message_id) >= (m.sent_at, m.id))
        end as current
      from ${messages} m join students s on s.id = m.student_id
      where m.tutor_id = ${tutorId} and m.notify_since is not null and m.notify_since <= ${due}
      order by m.sent_at, m.id
      for update of m`),
  );
}

/** Where the tutor's notification goes now, or undefined when nowhere (none, or no phone). */
function recipientOf(
  composer: Composer,
  settings: SettingsRow,
  tutor: { email: string },
): { channel: 'email' | 'text'; recipient: string } | undefined {
  if (settings.channel === 'email') return { channel: 'email', recipient: tutor.email };
  if (settings.channel !== 'text') return undefined;
  const textable = textablePhone(settings, composer.policy);
  return 'phone' in textable ? { channel: 'text', recipient: textable.phone } : undefined;
}

/** Until when the tutor's notification waits (their quiet hours, the batching window), if it does. */
function heldUntil(composer: Composer, settings: SettingsRow): Date | undefined {
  const { now, policy } = composer;
  const quiet = quietHoursOf(settings, policy);
  const quietEnd = quiet && quietHoursEnd(now, quiet, settings.timeZone ?? policy.timeZone);
  if (quietEnd) return quietEnd;
  const last = settings.lastNotifiedAt;
  const windowEnd = last ? last.getTime() + policy.batchWindowMs : 0;
  return windowEnd > now.getTime() ? new Date(windowEnd) : undefined;
}

/** Composes the tutor's notification in one transaction; see the file's comment. */
export function composeFor(composer: Composer, tutorId: string): Promise<ComposeOutcome> {
  const { now, policy } = composer;
  const due = new Date(now.getTime() - policy.replyDelayMs).toISOString();
  return composer.db.transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ tutorId }).onConflictDoNothing();
    const [settings] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.tutorId, tutorId))
      .for('update', { skipLocked: true });
    if (!settings) return 'busy';
    const [tutor] = await tx
      .select({ email: tutors.email, firstName: tutors.firstName, archivedAt: tutors.archivedAt })
      .from(tutors)
      .where(eq(tutors.id, tutorId));
    const dueMessages = await dueMessagesOf(tx, tutorId, due);
    const to = tutor && !tutor.archivedAt ? recipientOf(composer, settings, tutor) : undefined;
    const live = to ? dueMessages.filter((message) => message.current) : [];
    const stale = dueMessages.filter((message) => !live.includes(message));
    await clearNotify(tx, stale);
    if (!to || !tutor || live.length === 0) return 'nothing';
    const holdUntil = heldUntil(composer, settings);
    if (holdUntil) {
      await tx
        .update(notificationSettings)
        .set({ heldUntil: holdUntil })
        .where(eq(notificationSettings.tutorId, tutorId));
      return 'held';
    }
    const content = notificationContent(live.map(notifiedMessageOf), {
      firstName: tutor.firstName,
      publicUrl: composer.publicUrl,
      unsubscribeUrl: unsubscribeUrl(composer.publicUrl, policy.secret, tutorId),
    });
    const [job] = await tx
      .insert(notificationJobs)
      .values({
        tutorId,
        channel: to.channel,
        recipient: to.recipient,
        subject: content.subject,
        textBody: to.channel === 'email' ? content.text : content.sms,
        htmlBody: to.channel === 'email' ? content.html : null,
        notBefore: now,
        createdAt: now,
      })
      .returning({ id: notificationJobs.id });
    if (!job) throw new Error('Storing the notification returned no row');
    await tx
      .update(messages)
      .set({ notifySince: null, notificationId: job.id })
      .where(
        inArray(
          messages.id,
          live.map((message) => message.id),
        ),
      );
    await tx
      .update(notificationSettings)
      .set({ lastNotifiedAt: now, heldUntil: null })
      .where(eq(notificationSettings.tutorId, tutorId));
    return 'composed';
  });
}

async function clearNotify(tx: Transaction, stale: DueMessage[]): Promise<void> {
  if (stale.length === 0) return;
  await tx
    .update(messages)
    .set({ notifySince: null })
    .where(
      inArray(
        messages.id,
        stale.map((message) => message.id),
      ),
    );
}

function notifiedMessageOf(row: DueMessage): NotifiedMessage {
  return {
    studentId: row.student_id,
    studentName: `${row.first_name} ${row.last_name}`.trim(),
    fromTutor: row.from_tutor,
    body: row.body,
    translatedBody: row.translated_body,
    translationLanguage: row.translation_language,
    deliveryStatus: row.delivery_status,
    errorCode: row.error_code,
    mediaCount: row.media_count,
    sentAt: new Date(row.sent_at),
  };
}
