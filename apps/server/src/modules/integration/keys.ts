// Integration keys: named bearer keys of the organisation's own systems (an admin portal, a CRM
// sync). 32 random bytes, shown once; only their SHA-256 is stored, and a key is refused once
// revoked. A key holds scopes: `read` (the reads and the audit), `write` (every read and every
// write: what keys made before per-kind scopes hold, and still the simplest for a full sync),
// `<kind>:write` (that kind's upserts and archiving only) and `guardian-phone:write` (changing a
// stored student's guardian phone, which redirects the family's texts).
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/open.ts';
import { integrationKeys } from '../../db/schema.ts';

/** The kinds of record a key may be allowed to write, each its own `<kind>:write` scope. */
export const WRITE_KINDS = [
  'tutors',
  'students',
  'applicants',
  'sessions',
  'portal-announcements',
  'weekly-announcements',
  'action-items',
  'pathways',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** Changing a stored student's guardian phone: a `write` key holds it, a `students:write` does not. */
export const GUARDIAN_PHONE_SCOPE = 'guardian-phone:write';

export const INTEGRATION_SCOPES: readonly string[] = [
  'read',
  'write',
  ...WRITE_KINDS.map((kind) => `${kind}:write`),
  GUARDIAN_PHONE_SCOPE,
];

/** One scope, or several separated by spaces or commas (`read students:write`). */
export type IntegrationScope = string;

/** The scopes of a stored key's `scope` text, or of what an operator typed. */
export function parseScopes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** Whether scopes grant `needed`: `write` grants everything, `read` only reads. */
export function grants(scopes: readonly string[], needed: string): boolean {
  return scopes.includes('write') || scopes.includes(needed);
}

/** What a request made with a valid key is allowed: the key's name (for the audit) and scopes. */
export interface IntegrationCaller {
  keyName: string;
  /** `write` when the key may write anything (the route check; per-kind checks use `scopes`). */
  scope: 'read' | 'write';
  scopes: string[];
}

function callerOf(name: string, scopeText: string): IntegrationCaller {
  const scopes = parseScopes(scopeText);
  const writes = scopes.some((scope) => scope === 'write' || scope.endsWith(':write'));
  return { keyName: name, scope: writes ? 'write' : 'read', scopes };
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
  const scopes = parseScopes(options.scope);
  const unknown = scopes.filter((scope) => !INTEGRATION_SCOPES.includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new IntegrationKeyError(
      `A key's scopes are one or more of: ${INTEGRATION_SCOPES.join(', ')}` +
        (unknown.length > 0 ? ` (not ${unknown.join(', ')}).` : '.'),
    );
  }
  const scope = scopes.join(' ');
  if (!INTEGRATION_KEY_PATTERN.test(key)) throw new IntegrationKeyError('Not an integration key.');
  const inserted = await db
    .insert(integrationKeys)
    .values({
      name,
      scope,
      keyHash: hashIntegrationKey(key),
      keyPrefix: key.slice(0, 8),
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: integrationKeys.name })
    .returning();
  if (inserted.length === 0) {
    throw new IntegrationKeyError(`A key named ${name} exists already; revoke it or pick a name.`);
  }
  return { key, name, scope, createdAt: options.now };
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
  return row ? callerOf(row.name, row.scope) : undefined;
}

/**
 * The name of the key a refused call presented (the audit's), revoked or not, or undefined when
 * it is not a key of ours. Reads only: a refused call does not count as the key's use.
 */
export async function integrationKeyName(db: Database, key: string): Promise<string | undefined> {
  if (!INTEGRATION_KEY_PATTERN.test(key)) return undefined;
  const [row] = await db
    .select({ name: integrationKeys.name, revokedAt: integrationKeys.revokedAt })
    .from(integrationKeys)
    .where(eq(integrationKeys.keyHash, hashIntegrationKey(key)));
  if (!row) return undefined;
  return row.revokedAt ? `${row.name} (revoked)` : row.name;
}
