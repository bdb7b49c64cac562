import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSync, isFreshForSync, TOKEN_SYNC_MAX_AGE_SECONDS } from './tokenSync';

const url = 'https://sync.tutoring.example.org/session';
const now = 1_750_000_000_000;

function tokenIssuedSecondsAgo(age: number): string {
  const payload = btoa(JSON.stringify({ sub: 'uid-1', iat: now / 1000 - age })).replace(/=+$/, '');
  return `e30.${payload}.`;
}

function setUp(respond: () => Promise<Response> = async () => new Response(null, { status: 204 })) {
  const fetch = vi.fn<typeof globalThis.fetch>(respond);
  const sync = createTokenSync({ url, fetch, now: () => now });
  return { fetch, sync };
}

describe('token sync (§7, §9)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('uses the 300 s maximum age of §9', () => {
    expect(TOKEN_SYNC_MAX_AGE_SECONDS).toBe(300);
    expect(isFreshForSync(tokenIssuedSecondsAgo(299), now)).toBe(true);
    expect(isFreshForSync(tokenIssuedSecondsAgo(300), now)).toBe(false);
    expect(isFreshForSync('not-a-token', now)).toBe(false);
  });

  it('POSTs a token fresher than 300 s with it as the bearer', async () => {
    const { fetch, sync } = setUp();
    const token = tokenIssuedSecondsAgo(10);
    await expect(sync.sync(token)).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
  });

  it('does not POST a token of 300 s or older', async () => {
    const { fetch, sync } = setUp();
    await expect(sync.sync(tokenIssuedSecondsAgo(301))).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('DELETEs on sign-out with the ending session token, whatever its age', async () => {
    const { fetch, sync } = setUp();
    const token = tokenIssuedSecondsAgo(3000);
    await sync.unsync(token);
    expect(fetch).toHaveBeenCalledWith(url, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
  });

  it('logs a failed or refused sync and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.sync.sync(tokenIssuedSecondsAgo(1))).resolves.toBe(true);
    await expect(offline.sync.unsync(tokenIssuedSecondsAgo(1))).resolves.toBeUndefined();
    const refused = setUp(async () => new Response(null, { status: 500 }));
    await refused.sync.sync(tokenIssuedSecondsAgo(1));
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenLastCalledWith('Token sync POST answered HTTP 500.');
  });
});
