// How a tutor wants to hear of families' replies waiting and of texts that failed: the channel
// (e-mail, text, none), their own phone for texts (verified by a six-digit code texted from the
// organisation's number), their quiet hours and time zone. A tutor without a row has the
// defaults: e-mail, the organisation's quiet hours (NOTIFY_QUIET_HOURS) and time zone.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { components } from '@tutoring/api/schema';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { QuietHoursSetting } from '../../config.ts';
import { isTimeZone } from '../../config.ts';
import type { Database } from '../../db/open.ts';
import { notificationSettings } from '../../db/schema.ts';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import { consumeRateLimits } from '../../http/rate-limit.ts';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms.ts';
import { formatQuietHours, parseQuietHours } from '../messages/quiet-hours.ts';
import type { TutorRow } from '../tutors/queries.ts';

type NotificationSettings = components['schemas']['NotificationSettings'];
type NotificationSettingsUpdate = components['schemas']['NotificationSettingsUpdate'];
export type SettingsRow = typeof notificationSettings.$inferSelect;

/** A code works this long after it was texted. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong codes after which the code is void. */
export const CODE_TRIES = 5;
/** Codes a tutor may ask for per hour. */
export const CODES_PER_HOUR = 5;

/** What the organisation decides for every tutor (config.ts). */
export interface NotificationPolicy {
  defaultQuietHours: QuietHoursSetting | null;
  timeZone: string;
  replyDelayMs: number;
  /** The organisation's number that texts tutors; undefined: no texts to tutors. */
  textFrom: string | undefined;
  secret: string;
}

export async function findSettings(
  db: Database,
  tutorId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.tutorId, tutorId));
  return row;
}

/** The tutor's quiet hours: their own, or the organisation's default; null for none. */
export function quietHoursOf(row: SettingsRow | undefined, policy: NotificationPolicy) {
  return row?.quietHours == null ? policy.defaultQuietHours : parseQuietHours(row.quietHours);
}

/** A code the tutor may still enter: asked for, not expired, not void after wrong tries. */
function pendingCode(row: SettingsRow | undefined, now: Date): boolean {
  return Boolean(
    row?.pendingPhone &&
      row.codeHash &&
      row.codeExpiresAt &&
      row.codeExpiresAt > now &&
      row.codeAttempts < CODE_TRIES,
  );
}

/** The settings as the contract carries them. */
export function settingsResponse(
  tutor: Pick<TutorRow, 'email'>,
  row: SettingsRow | undefined,
  policy: NotificationPolicy,
  now: Date,
): NotificationSettings {
  // A number being verified shows as unverified (it is what the settings page asks the code
  // for); the verified one stays in use for texts until the new one is verified.
  const phone = pendingCode(row, now)
    ? { number: row?.pendingPhone as string, verified: false }
    : row?.phone && row.phoneVerifiedAt
      ? { number: row.phone, verified: true, optedOut: row.phoneOptedOutAt !== null }
      : null;
  return {
    channel: row?.channel ?? 'email',
    email: tutor.email,
    phone,
    quietHours: quietHoursOf(row, policy),
    timeZone: row?.timeZone ?? policy.timeZone,
    replyDelayMinutes: Math.round(policy.replyDelayMs / 60_000),
  };
}

/** The phone text notifications go to, or why there is none (a 409's message). */
export function textablePhone(
  row: SettingsRow | undefined,
  policy: Pick<NotificationPolicy, 'textFrom'>,
): { phone: string } | { problem: string } {
  if (!policy.textFrom) {
    return { problem: 'Text notifications are not available: this server sends no texts.' };
  }
  if (!row?.phone || !row.phoneVerifiedAt) {
    return { problem: 'Verify your phone first: text notifications need a verified phone.' };
  }
  if (row.phoneOptedOutAt) {
    return {
      problem: `Your phone replied STOP to our texts. Text START to ${policy.textFrom} to receive them again.`,
    };
  }
  return { phone: row.phone };
}

/**
 * updateTutorNotificationSettings: channel, quiet hours and time zone, as given. Text needs a
 * verified phone that has not replied STOP (409 otherwise).
 */
export async function updateSettings(
  db: Database,
  tutor: Pick<TutorRow, 'id' | 'email'>,
  update: NotificationSettingsUpdate,
  policy: NotificationPolicy,
  now: Date,
): Promise<NotificationSettings> {
  if (!isTimeZone(update.timeZone)) {
    throw invalidArgument('timeZone must be an IANA time zone such as America/Chicago.', {
      field: 'body/timeZone',
    });
  }
  if (update.quietHours && update.quietHours.start === update.quietHours.end) {
    throw invalidArgument('Quiet hours need a start and an end that differ.', {
      field: 'body/quietHours',
    });
  }
  if (update.channel === 'text') {
    const textable = textablePhone(await findSettings(db, tutor.id), policy);
    if ('problem' in textable) throw new ApiError(409, textable.problem);
  }
  const values = {
    channel: update.channel,
    quietHours: formatQuietHours(update.quietHours),
    timeZone: update.timeZone,
    // What was held for the old quiet hours is looked at again with the new ones.
    heldUntil: null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ tutorId: tutor.id, ...values })
    .onConflictDoUpdate({ target: notificationSettings.tutorId, set: values })
    .returning();
  return settingsResponse(tutor, row, policy, now);
}

/** The HMAC of a code for this tutor and phone: the code itself is never stored. */
function codeHash(secret: string, tutorId: string, phone: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`phone-code:${tutorId}:${phone}:${code}`)
    .digest('hex');
}

/**
 * startTutorNotificationPhoneVerification: a new six-digit code, texted to `phone` from the
 * organisation's number, replaces any earlier one. At most CODES_PER_HOUR an hour (429).
 */
export async function startPhoneVerification(
  services: { db: Database; sms: SmsProvider; policy: NotificationPolicy; now: Date },
  tutor: Pick<TutorRow, 'id' | 'email'>,
  phone: string,
): Promise<NotificationSettings> {
  const { db, sms, policy, now } = services;
  const from = policy.textFrom;
  if (!from) throw new ApiError(503, 'Texts to tutors are not set up on this server.');
  await consumeRateLimits(db, now, [
    { key: `notify-phone:${tutor.id}`, limit: CODES_PER_HOUR, windowMs: 3_600_000 },
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pending = {
    pendingPhone: phone,
    codeHash: codeHash(policy.secret, tutor.id, phone, code),
    codeExpiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    codeAttempts: 0,
    updatedAt: now,
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ tutorId: tutor.id, ...pending })
    .onConflictDoUpdate({ target: notificationSettings.tutorId, set: pending })
    .returning();
  try {
    await sms.send({
      from,
      to: phone,
      body: `Your Tutoring Portal code is ${code}. It works for 10 minutes. If you did not ask for it, ignore this text.`,
    });
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    await db
      .update(notificationSettings)
      .set({ pendingPhone: null, codeHash: null, codeExpiresAt: null })
      .where(eq(notificationSettings.tutorId, tutor.id));
    throw new ApiError(503, 'The code could not be texted to this number. Check it and try again.');
  }
  return settingsResponse(tutor, row, policy, now);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * verifyTutorNotificationPhone: the latest code, within its 10 minutes and 5 tries, makes its
 * phone the tutor's verified one (no longer opted out: they just answered a text from us). A
 * wrong, expired or void code is a 400 that says which.
 */
export async function verifyPhone(
  db: Database,
  tutor: Pick<TutorRow, 'id' | 'email'>,
  code: string,
  policy: NotificationPolicy,
  now: Date,
): Promise<NotificationSettings> {
  const row = await findSettings(db, tutor.id);
  if (!row?.pendingPhone || !row.codeHash) {
    throw invalidArgument('There is no code to check: ask for a code first.');
  }
  if (row.codeAttempts >= CODE_TRIES) {
    throw invalidArgument('This code no longer works after 5 wrong tries: ask for a new code.');
  }
  if (!row.codeExpiresAt || row.codeExpiresAt <= now) {
    throw invalidArgument('This code has expired: ask for a new code.');
  }
  const expected = codeHash(policy.secret, tutor.id, row.pendingPhone, code);
  if (sameHash(expected, row.codeHash)) {
    // Conditional on the same code still pending: of two checks at once, one verifies.
    const [verified] = await db
      .update(notificationSettings)
      .set({
        phone: row.pendingPhone,
        phoneVerifiedAt: now,
        phoneOptedOutAt: null,
        pendingPhone: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(
        and(
          eq(notificationSettings.tutorId, tutor.id),
          eq(notificationSettings.codeHash, row.codeHash),
          gt(notificationSettings.codeExpiresAt, now),
          lt(notificationSettings.codeAttempts, CODE_TRIES),
        ),
      )
      .returning();
    if (verified) return settingsResponse(tutor, verified, policy, now);
  }
  return wrongCode(db, tutor.id);
}

/** Counts a wrong code (one update, so tries at once all count) and says how many are left. */
async function wrongCode(db: Database, tutorId: string): Promise<never> {
  const [counted] = await db
    .update(notificationSettings)
    .set({ codeAttempts: sql`${notificationSettings.codeAttempts} + 1` })
    .where(and(eq(notificationSettings.tutorId, tutorId), isNotNull(notificationSettings.codeHash)))
    .returning({ attempts: notificationSettings.codeAttempts });
  const left = CODE_TRIES - (counted?.attempts ?? CODE_TRIES);
  throw invalidArgument(
    left > 0
      ? `That code is not right. ${left === 1 ? '1 try' : `${left} tries`} left.`
      : 'That code is not right, and after 5 wrong tries it no longer works: ask for a new code.',
  );
}
