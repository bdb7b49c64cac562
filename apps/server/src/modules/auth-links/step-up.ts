// Step-up tokens of magic links: 32 random bytes, only their SHA-256 stored, valid for one hour
// and for one exchange. Consuming is one conditional UPDATE, so two instances (or two clicks)
// racing for the same token cannot both win.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { stepUpTokens } from '../../db/schema.ts';

export const STEP_UP_TTL_MS = 60 * 60 * 1000;

export type StepUpFailure = 'unknown' | 'used' | 'expired';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueStepUpToken(
  db: Database,
  options: { applicantId: string; returnUrl: string | undefined; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(stepUpTokens).values({
    tokenHash: hash(token),
    applicantId: options.applicantId,
    returnUrl: options.returnUrl ?? null,
    expiresAt: new Date(options.now.getTime() + STEP_UP_TTL_MS),
    createdAt: options.now,
  });
  // Expired tokens are useless: clear those of a day ago while we are here.
  await db
    .delete(stepUpTokens)
    .where(lt(stepUpTokens.expiresAt, new Date(options.now.getTime() - 24 * STEP_UP_TTL_MS)));
  return token;
}

export async function consumeStepUpToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ applicantId: string } | { failure: StepUpFailure }> {
  const tokenHash = hash(token);
  const [consumed] = await db
    .update(stepUpTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(stepUpTokens.tokenHash, tokenHash),
        isNull(stepUpTokens.usedAt),
        gt(stepUpTokens.expiresAt, now),
      ),
    )
    .returning({ applicantId: stepUpTokens.applicantId });
  if (consumed) return { applicantId: consumed.applicantId };
  const [row] = await db.select().from(stepUpTokens).where(eq(stepUpTokens.tokenHash, tokenHash));
  if (!row) return { failure: 'unknown' };
  return { failure: row.usedAt ? 'used' : 'expired' };
}

/** The portal path a magic link opens: the sign-in screen with e-mail, token and return path. */
export function signInPath(options: { email: string; token: string; returnUrl?: string }): string {
  const query = new URLSearchParams({ email: options.email, stepupToken: options.token });
  if (options.returnUrl) query.set('returnUrl', options.returnUrl);
  return `/auth?${query.toString()}`;
}
