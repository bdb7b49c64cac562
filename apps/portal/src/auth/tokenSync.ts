// §7 optional token sync: the session's ID token is POSTed as a bearer to a configured URL when it
// is fresh, and the URL gets a DELETE on sign-out. A failure only costs the companion service its
// session, so it is logged and never reaches the visitor.
import { readIdTokenClaims } from './idTokenClaims';

/** §9: only a token issued less than this long ago is synced. */
export const TOKEN_SYNC_MAX_AGE_SECONDS = 300;

export interface TokenSyncOptions {
  readonly url: string;
  /** Defaults to the global fetch at call time. */
  readonly fetch?: typeof fetch;
  /** Defaults to Date.now. */
  readonly now?: () => number;
}

export interface TokenSync {
  /** POSTs the token as a bearer when it is fresher than 300 s; resolves false when it did not. */
  sync(idToken: string): Promise<boolean>;
  /** DELETEs the synced session, with the ending session's token as the bearer. */
  unsync(idToken: string): Promise<void>;
}

/** Whether the token was issued less than 300 s before `nowMs` (an unreadable one is not). */
export function isFreshForSync(idToken: string, nowMs: number): boolean {
  const issuedAt = readIdTokenClaims(idToken)?.issuedAt;
  if (issuedAt === undefined) return false;
  const ageSeconds = nowMs / 1000 - issuedAt;
  return ageSeconds < TOKEN_SYNC_MAX_AGE_SECONDS;
}

export function createTokenSync(options: TokenSyncOptions): TokenSync {
  const send = async (method: 'POST' | 'DELETE', idToken: string) => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    try {
      const response = await fetchImpl(options.url, {
        method,
        headers: { Authorization: `Bearer ${idToken}` },
        // The companion service keeps its session in its own cookie, which it sets and clears.
        credentials: 'include',
      });
      if (!response.ok) console.warn(`Token sync ${method} answered HTTP ${response.status}.`);
    } catch (error) {
      console.warn(`Token sync ${method} failed.`, error);
    }
  };
  return {
    async sync(idToken) {
      if (!isFreshForSync(idToken, (options.now ?? Date.now)())) return false;
      await send('POST', idToken);
      return true;
    },
    async unsync(idToken) {
      await send('DELETE', idToken);
    },
  };
}
