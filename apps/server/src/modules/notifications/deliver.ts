// Delivering composed notifications (notification_jobs). A pass claims what is due with one
// statement (FOR UPDATE SKIP LOCKED: two instances never claim the same notification) and marks it
// 'sending' with a lease; it hands each to the mail or SMS provider, then marks it 'sent'. What
// this guarantees, precisely:
// - Never lost: a notification is 'sent' only after the provider accepted it. A server that dies
//   before (or while) handing it over leaves it 'sending'; when its lease runs out (LEASE_MS),
//   the next pass of any instance claims it again.
// - Sent once, except in one window: the provider accepted it and the server died before 'sent'
//   was committed (a few milliseconds). The notification is then handed over again when its lease
//   runs out. An e-mail carries the same Message-ID both times (notification-<id>@ORG_DOMAIN), so a
//   mailbox that drops duplicates by Message-ID (Gmail does; the dev outbox does) shows it once;
//   SMTP itself has no idempotency, and Twilio's API has none either, so a text can arrive twice.
// A refusal is tried again later (1, 2, 4, 8 minutes), and given up after MAX_ATTEMPTS.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/open.ts';
import { notificationJobs, notificationSettings } from '../../db/schema.ts';
import type { MailProvider } from '../../providers/mail.ts';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms.ts';
import { OPTED_OUT_ERROR_CODE } from '../messages/opt-out.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** How long a claim holds: far longer than a send may take (SEND_TIMEOUT_MS). */
export const LEASE_MS = 5 * 60_000;
/** A send that takes longer is taken for failed (and tried again). */
const SEND_TIMEOUT_MS = 60_000;
/** Attempts before a notification is given up. */
export const MAX_ATTEMPTS = 5;
/** Notifications one pass delivers, at most. */
const DELIVER_BATCH = 20;

type JobRow = typeof notificationJobs.$inferSelect;

export interface Deliverer {
  db: Database;
  mail: MailProvider;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  now: Date;
  /** The organisation's number that texts tutors. */
  textFrom: string | undefined;
  publicUrl: string;
  secret: string;
  /** The domain of the e-mails' Message-IDs. */
  orgDomain: string;
}

/** Claims the notifications that are due, or whose claim ran out, for this instance. */
async function claimDue(deliverer: Deliverer): Promise<JobRow[]> {
  const { db, now } = deliverer;
  const at = now.toISOString();
  return db
    .update(notificationJobs)
    .set({
      state: 'sending',
      attempts: sql`${notificationJobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + LEASE_MS),
    })
    .where(
      sql`${notificationJobs.id} in (
        select ${notificationJobs.id} from ${notificationJobs}
        where (${notificationJobs.state} = 'pending' and ${notificationJobs.notBefore} <= ${at})
          or (${notificationJobs.state} = 'sending' and ${notificationJobs.lockedUntil} <= ${at})
        order by ${notificationJobs.notBefore}
        limit ${DELIVER_BATCH}
        for update skip locked)`,
    )
    .returning();
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Hands one notification to its provider; resolves once the provider accepted it. */
async function handOver(deliverer: Deliverer, job: JobRow): Promise<void> {
  if (job.channel === 'email') {
    const unsubscribe = unsubscribeUrl(deliverer.publicUrl, deliverer.secret, job.tutorId);
    await deliverer.mail.send({
      to: job.recipient,
      subject: job.subject,
      text: job.textBody,
      html: job.htmlBody ?? '',
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      messageId: `notification-${job.id}@${deliverer.orgDomain}`,
    });
    return;
  }
  if (!deliverer.textFrom) throw new SmsDeliveryError('No number to text tutors from.');
  await deliverer.sms.send({ from: deliverer.textFrom, to: job.recipient, body: job.textBody });
}

/** One pass: claims and delivers what is due. Returns how many were sent and how many failed. */
export async function deliverNotifications(
  deliverer: Deliverer,
): Promise<{ sent: number; failed: number }> {
  const outcome = { sent: 0, failed: 0 };
  for (const job of await claimDue(deliverer)) {
    try {
      await withTimeout(handOver(deliverer, job), SEND_TIMEOUT_MS);
    } catch (error) {
      outcome.failed += 1;
      await recordFailure(deliverer, job, error);
      continue;
    }
    // Only the claim that sent it marks it: a claim taken over after its lease ran out does not
    // mark the other's attempt.
    await deliverer.db
      .update(notificationJobs)
      .set({ state: 'sent', sentAt: deliverer.now, lockedUntil: null, lastError: null })
      .where(
        and(
          eq(notificationJobs.id, job.id),
          eq(notificationJobs.attempts, job.attempts),
          eq(notificationJobs.state, 'sending'),
        ),
      );
    outcome.sent += 1;
  }
  return outcome;
}

async function recordFailure(deliverer: Deliverer, job: JobRow, error: unknown): Promise<void> {
  const { db, now, log } = deliverer;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  // A tutor whose phone opted out (STOP, seen by the provider) is not texted again.
  const optedOut = error instanceof SmsDeliveryError && error.code === OPTED_OUT_ERROR_CODE;
  if (optedOut) {
    await db
      .update(notificationSettings)
      .set({ phoneOptedOutAt: now })
      .where(
        and(
          eq(notificationSettings.tutorId, job.tutorId),
          eq(notificationSettings.phone, job.recipient),
        ),
      );
  }
  const giveUp = optedOut || job.attempts >= MAX_ATTEMPTS;
  await db
    .update(notificationJobs)
    .set({
      state: giveUp ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: reason,
      notBefore: new Date(now.getTime() + 2 ** (job.attempts - 1) * 60_000),
    })
    .where(and(eq(notificationJobs.id, job.id), eq(notificationJobs.attempts, job.attempts)));
  log.warn(
    { notificationId: job.id, attempt: job.attempts, reason, givenUp: giveUp },
    'a notification was not accepted',
  );
}
