// The cache of verified ID tokens: one verification per token, never past the token's expiry or
// the cache's own limit on age, and never more than its bound of entries.
import { describe, expect, it } from 'vitest';
import type { IdentityProvider, VerifiedIdentity } from '../src/providers/identity.ts';
import {
  DEFAULT_MAX_CACHED_TOKEN_AGE_MS,
  withVerifiedTokenCache,
} from '../src/providers/verified-token-cache.ts';

const START_MS = Date.parse('2026-11-20T18:00:00Z');

function countingIdentity(options: { lifetimeSeconds?: number; reject?: Set<string> } = {}) {
  const verifications: string[] = [];
  let clockMs = START_MS;
  const identity: IdentityProvider = {
    async verifyIdToken(token) {
      verifications.push(token);
      if (options.reject?.has(token)) throw new Error('invalid token');
      return {
        uid: `uid-${token}`,
        email: `${token}@tutoring.example.org`,
        emailVerified: true,
        signInProvider: 'google.com',
        applicantEmail: null,
        expiresAt: Math.floor(clockMs / 1000) + (options.lifetimeSeconds ?? 3600),
      } satisfies VerifiedIdentity;
    },
    mintApplicantToken: async () => 'custom-token',
    close: async () => undefined,
  };
  return {
    identity,
    verifications,
    now: () => clockMs,
    advance: (ms: number) => {
      clockMs += ms;
    },
  };
}

describe('the verified-token cache', () => {
  it('verifies a token once, then answers from memory', async () => {
    const upstream = countingIdentity();
    const cached = withVerifiedTokenCache(upstream.identity, { now: upstream.now });
    const first = await cached.verifyIdToken('token-a');
    upstream.advance(5_000);
    const again = await cached.verifyIdToken('token-a');
    expect(again).toEqual(first);
    expect(upstream.verifications).toEqual(['token-a']);
    await cached.verifyIdToken('token-b');
    expect(upstream.verifications).toEqual(['token-a', 'token-b']);
  });

  it('shares one verification between requests that arrive together', async () => {
    const upstream = countingIdentity();
    const cached = withVerifiedTokenCache(upstream.identity, { now: upstream.now });
    await Promise.all([cached.verifyIdToken('t'), cached.verifyIdToken('t')]);
    expect(upstream.verifications).toEqual(['t']);
  });

  it('refuses a token past its exp, even when it was cached: the provider decides again', async () => {
    const upstream = countingIdentity({ lifetimeSeconds: 60 });
    const cached = withVerifiedTokenCache(upstream.identity, { now: upstream.now });
    await cached.verifyIdToken('short-lived');
    upstream.advance(61_000);
    upstream.identity.verifyIdToken = async (token) => {
      upstream.verifications.push(token);
      throw new Error('Firebase ID token has expired');
    };
    await expect(cached.verifyIdToken('short-lived')).rejects.toThrow('expired');
    expect(upstream.verifications).toEqual(['short-lived', 'short-lived']);
  });

  it('verifies again after the maximum age, though the token still lives', async () => {
    const upstream = countingIdentity({ lifetimeSeconds: 3600 });
    const cached = withVerifiedTokenCache(upstream.identity, {
      now: upstream.now,
      maxAgeMs: 300_000,
    });
    await cached.verifyIdToken('hour-long');
    upstream.advance(299_000);
    await cached.verifyIdToken('hour-long');
    expect(upstream.verifications).toHaveLength(1);
    upstream.advance(2_000);
    await cached.verifyIdToken('hour-long');
    expect(upstream.verifications).toHaveLength(2);
  });

  it('never remembers a failed verification', async () => {
    const upstream = countingIdentity({ reject: new Set(['forged']) });
    const cached = withVerifiedTokenCache(upstream.identity, { now: upstream.now });
    await expect(cached.verifyIdToken('forged')).rejects.toThrow();
    await expect(cached.verifyIdToken('forged')).rejects.toThrow();
    expect(upstream.verifications).toEqual(['forged', 'forged']);
    expect(cached.cachedTokens).toBe(0);
  });

  it('is bounded: the least recently used token goes first', async () => {
    const upstream = countingIdentity();
    const cached = withVerifiedTokenCache(upstream.identity, {
      now: upstream.now,
      maxEntries: 3,
    });
    for (const token of ['t1', 't2', 't3']) await cached.verifyIdToken(token);
    await cached.verifyIdToken('t1'); // t1 is now the most recently used
    await cached.verifyIdToken('t4'); // evicts t2
    expect(cached.cachedTokens).toBe(3);
    upstream.verifications.length = 0;
    await cached.verifyIdToken('t1');
    await cached.verifyIdToken('t3');
    await cached.verifyIdToken('t4');
    expect(upstream.verifications).toEqual([]);
    await cached.verifyIdToken('t2');
    expect(upstream.verifications).toEqual(['t2']);
  });

  it('never trusts a verification for longer than five minutes, whatever it is asked', async () => {
    const upstream = countingIdentity({ lifetimeSeconds: 3600 });
    const cached = withVerifiedTokenCache(upstream.identity, {
      now: upstream.now,
      maxAgeMs: 60 * 60 * 1000,
    });
    await cached.verifyIdToken('hour-long');
    upstream.advance(DEFAULT_MAX_CACHED_TOKEN_AGE_MS + 1);
    await cached.verifyIdToken('hour-long');
    expect(upstream.verifications).toHaveLength(2);
    expect(DEFAULT_MAX_CACHED_TOKEN_AGE_MS).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('keeps a cache it is given as it is: no second cache on another clock around it', async () => {
    const upstream = countingIdentity();
    const inner = withVerifiedTokenCache(upstream.identity, { now: upstream.now });
    expect(withVerifiedTokenCache(inner)).toBe(inner);
  });
});
