// Integration keys: named bearer keys of the organisation's own systems (an admin portal, a CRM
// sync). 32 random bytes, shown once; only their SHA-256 is stored. A key reads (`read`) or also
// writes (`write`), and is refused once revoked.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { integrationKeys } from '../../db/schema.ts';

export type IntegrationScope = 'read' | 'write';

/** What a request made with a valid key is allowed: the key's name (for the audit) and scope. */
export interface IntegrationCaller {
  keyName: string;
  scope: IntegrationScope;
}

const KEY_PREFIX = 'tpk_';
/** `tpk_` and 32 bytes in base64url: what a key looks like, checked before any database read. */
export const INTEGRATION_KEY_PATTERN = /^tpk_[A-Za-z0-9_-]{43}$/;

export function hashIntegrationKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class IntegrationKeyError extends Error {
  override name = 'IntegrationKeyError';
}

/** Creates a key; the answer's `key` is the only time the key itself is ever seen. */
export async function createIntegrationKey(
  db: Database,
  options: { name: string; scope: IntegrationScope; now: Date },
): Promise<{ key: string; name: string; scope: IntegrationScope; createdAt: Date }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return storeIntegrationKey(db, { ...options, key });
}

/**
 * Stores a key that is already known: createIntegrationKey's random ones, and the demo data's
 * published one (never in production, see app.ts).
 */
export async function storeIntegrationKey(
  db: Database,
  options: { name: string; scope: IntegrationScope; key: string; now: Date },
): Promise<{ key: string; name: string; scope: IntegrationScope; createdAt: Date }> {
  const { key } = options;
  const name = options.name.trim();
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(name)) {
    throw new IntegrationKeyError(
      'A key name is 1 to 64 lower-case letters, digits, dots, dashes or underscores.',
    );
  }
  if (options.scope !== 'read' && options.scope !== 'write') {
    throw new IntegrationKeyError("A key's scope is read or write.");
  }
  if (!INTEGRATION_KEY_PATTERN.test(key)) throw new IntegrationKeyError('Not an integration key.');
  const inserted = await db
    .insert(integrationKeys)
    .values({
      name,
      scope: options.scope,
      keyHash: hashIntegrationKey(key),
      keyPrefix: key.slice(0, 8),
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: integrationKeys.name })
    .returning();
  if (inserted.length === 0) {
    throw new IntegrationKeyError(`A key named ${name} exists already; revoke it or pick a name.`);
  }
  return { key, name, scope: options.scope, createdAt: options.now };
}

export async function listIntegrationKeys(db: Database) {
  return db
    .select({
      name: integrationKeys.name,
      scope: integrationKeys.scope,
      keyPrefix: integrationKeys.keyPrefix,
      createdAt: integrationKeys.createdAt,
      lastUsedAt: integrationKeys.lastUsedAt,
      revokedAt: integrationKeys.revokedAt,
    })
    .from(integrationKeys)
    .orderBy(asc(integrationKeys.createdAt), asc(integrationKeys.name));
}

/** Revokes the key with this name; false when there is no such key or it was revoked already. */
export async function revokeIntegrationKey(
  db: Database,
  name: string,
  now: Date,
): Promise<boolean> {
  const revoked = await db
    .update(integrationKeys)
    .set({ revokedAt: now })
    .where(and(eq(integrationKeys.name, name), isNull(integrationKeys.revokedAt)))
    .returning({ id: integrationKeys.id });
  return revoked.length > 0;
}

/** The caller a key stands for (recording its use), or undefined for an unknown or revoked key. */
export async function verifyIntegrationKey(
  db: Database,
  key: string,
  now: Date,
): Promise<IntegrationCaller | undefined> {
  if (!INTEGRATION_KEY_PATTERN.test(key)) return undefined;
  const [row] = await db
    .update(integrationKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(integrationKeys.keyHash, hashIntegrationKey(key)), isNull(integrationKeys.revokedAt)),
    )
    .returning({ name: integrationKeys.name, scope: integrationKeys.scope });
  return row ? { keyName: row.name, scope: row.scope } : undefined;
}
