import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageKeys } from '../auth/sessionStorageKeys';
import { signingOutAttribute } from '../features/public/LogoutPage.css';

/** Runs /logout's head script as the browser does: once, on a fresh load. */
async function runHeadScript(): Promise<void> {
  vi.resetModules();
  await import('./logoutSessionCheck');
}

describe("/logout's head script", () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute(signingOutAttribute);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.values(sessionStorageKeys))(
    'marks the document as signing out when %s (a session key of §3) is stored',
    async (key) => {
      localStorage.setItem(key, 'stored');
      await runHeadScript();
      expect(document.documentElement.hasAttribute(signingOutAttribute)).toBe(true);
    },
  );

  it('leaves the document alone when no session key is stored', async () => {
    localStorage.setItem('unrelated', 'value');
    await runHeadScript();
    expect(document.documentElement.hasAttribute(signingOutAttribute)).toBe(false);
  });

  it('leaves the document alone when the browser refuses storage', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expect(runHeadScript()).resolves.toBeUndefined();
    expect(document.documentElement.hasAttribute(signingOutAttribute)).toBe(false);
  });
});
