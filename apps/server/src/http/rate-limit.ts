// Fixed-window request counters kept in the database, so every instance behind a load balancer
// counts the same hits (an in-memory limiter would give each instance its own allowance).
import { createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { ApiError } from './errors.ts';

export interface RateLimit {
  /**
   * Counter key: the limit's kind and an id of ours ('notify-phone:<tutor id>'), or, for what the
   * caller gives (an e-mail address, a client address), its keyed digest from rateLimitKey.
   */
  key: string;
  limit: number;
  windowMs: number;
  /** What the 429 says when this limit is the one reached, given when to try again ('12 minutes'). */
  reached?: (tryAgainIn: string) => string;
}

/** '1 minute', '12 minutes', '5 hours': how long until a window ends, rounded up. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The counter key of a limit on something a caller gives, e.g. an e-mail address: the kind and an
 * HMAC-SHA-256 of the subject keyed with a server secret, so the table never holds the address and
 * a copy of it cannot be matched against a list of addresses without the secret.
 */
export function rateLimitKey(secret: string, kind: string, subject: string): string {
  const digest = createHmac('sha256', secret)
    .update(`rate-limit\0${kind}\0${subject}`)
    .digest('base64url');
  return `${kind}:${digest}`;
}

/** Counters of windows that ended this long ago are dropped as new hits come in. */
const RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Counts one hit on each limit; throws 429 when any of them is over its allowance. A refused call
 * counts on none of them (its hits are taken back), so pressing again while one limit holds does
 * not use up the others.
 */
export async function consumeRateLimits(db: Database, now: Date, limits: RateLimit[]) {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - RETENTION_MS)));
  let exceeded: { limit: RateLimit; retryAfterSeconds: number } | undefined;
  const counted: { key: string; windowStart: Date }[] = [];
  for (const limit of limits) {
    const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: limit.key, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    counted.push({ key: limit.key, windowStart });
    if ((row?.hits ?? 0) > limit.limit && !exceeded) {
      const retryAfterMs = windowStart.getTime() + limit.windowMs - now.getTime();
      exceeded = { limit, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
  }
  if (exceeded) {
    for (const { key, windowStart } of counted) {
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`${rateLimitCounters.hits} - 1` })
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    }
    const tryAgainIn = waitInWords(exceeded.retryAfterSeconds);
    throw new ApiError(
      429,
      exceeded.limit.reached?.(tryAgainIn) ?? `Too many requests. Try again in ${tryAgainIn}.`,
      { retryAfterSeconds: exceeded.retryAfterSeconds },
    );
  }
}
