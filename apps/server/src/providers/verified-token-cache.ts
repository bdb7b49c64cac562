// Remembers verified ID tokens, so a tutor whose open chat polls every 5 s costs one verification
// per token, not one per request (firebase-admin asks the Auth emulator on every call, and checks
// signatures on every call in production). Revocation semantics: see apps/server/README.md.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { IdentityProvider, VerifiedIdentity } from './identity.ts';

export interface VerifiedTokenCacheOptions {
  /** How many tokens are remembered at most; the least recently used goes first. */
  maxEntries?: number;
  /** How long a verification is trusted at most, even when the token lives longer. */
  maxAgeMs?: number;
  /** The clock, in milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/** Enough for every tutor of a large organisation with a chat open at once. */
export const DEFAULT_MAX_CACHED_TOKENS = 10_000;
/** A token is verified again after at most five minutes (a Firebase ID token lives one hour). */
export const DEFAULT_MAX_CACHED_TOKEN_AGE_MS = 5 * 60 * 1000;

/** Marks a provider that is already a cache, so wrapping it again changes nothing. */
const IS_VERIFIED_TOKEN_CACHE = Symbol('verified-token-cache');

export type CachedIdentityProvider = IdentityProvider & {
  readonly cachedTokens: number;
  readonly [IS_VERIFIED_TOKEN_CACHE]: true;
};

function isCached(identity: IdentityProvider): identity is CachedIdentityProvider {
  return (identity as Partial<CachedIdentityProvider>)[IS_VERIFIED_TOKEN_CACHE] === true;
}

/**
 * Wraps an identity provider so that each token is verified once and then answered from memory
 * until the token's `exp` or `maxAgeMs` (at most five minutes), whichever comes first. The key is
 * the token's SHA-256, so the cache never holds a usable credential. Failed verifications are not
 * remembered. A provider that is already a cache is returned as it is: a second cache around it
 * would keep answering from its own clock after the inner one expired (a disabled account would
 * keep access for longer).
 */
export function withVerifiedTokenCache(
  identity: IdentityProvider,
  options: VerifiedTokenCacheOptions = {},
): CachedIdentityProvider {
  if (isCached(identity)) return identity;
  const now = options.now ?? Date.now;
  // Revocation and disabled accounts take effect when a token is verified again: never later than
  // the five minutes the README promises.
  const maxAgeMs = Math.min(
    options.maxAgeMs ?? DEFAULT_MAX_CACHED_TOKEN_AGE_MS,
    DEFAULT_MAX_CACHED_TOKEN_AGE_MS,
  );
  const verified = new LRUCache<string, VerifiedIdentity>({
    max: options.maxEntries ?? DEFAULT_MAX_CACHED_TOKENS,
    // The per-entry ttl is set on each `set`; ttlAutopurge stays off (no timer per entry), and an
    // expired entry is never returned (checked on `get` against the same clock).
    ttl: maxAgeMs,
    ttlAutopurge: false,
    // Staleness is checked against the clock on every read, not a clock value cached for 1 ms.
    ttlResolution: 0,
    perf: { now },
  });
  // Two polls arriving together with a new token share one verification.
  const inFlight = new Map<string, Promise<VerifiedIdentity>>();

  return {
    [IS_VERIFIED_TOKEN_CACHE]: true,
    get cachedTokens() {
      return verified.size;
    },
    async verifyIdToken(idToken) {
      const key = createHash('sha256').update(idToken).digest('base64url');
      const cached = verified.get(key);
      if (cached && cached.expiresAt * 1000 > now()) return cached;

      const pending = inFlight.get(key);
      if (pending) return pending;
      const verification = identity.verifyIdToken(idToken).then((identityOfToken) => {
        const lifetimeMs = identityOfToken.expiresAt * 1000 - now();
        if (lifetimeMs > 0) {
          verified.set(key, identityOfToken, { ttl: Math.min(lifetimeMs, maxAgeMs) });
        }
        return identityOfToken;
      });
      inFlight.set(key, verification);
      try {
        return await verification;
      } finally {
        inFlight.delete(key);
      }
    },
    mintApplicantToken: (uid, email) => identity.mintApplicantToken(uid, email),
    close: () => {
      verified.clear();
      return identity.close();
    },
  };
}
