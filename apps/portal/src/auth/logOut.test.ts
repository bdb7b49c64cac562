import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const store = vi.hoisted(() => ({
  started: false,
  signOutOfPortal: vi.fn<() => Promise<void>>(),
}));

vi.mock('./authStore', () => ({
  isFirebaseSessionStarted: () => store.started,
  signOutOfPortal: store.signOutOfPortal,
}));

const { logOut } = await import('./logOut');

function storeAllSessionKeys() {
  localStorage.setItem('idToken', 'google-token');
  localStorage.setItem('magicIdToken', 'magic-token');
  localStorage.setItem('magicUserId', 'uid-sam');
}

function stubIndexedDbNames(names: string[]) {
  vi.stubGlobal('indexedDB', { databases: async () => names.map((name) => ({ name })) });
}

describe('logOut', () => {
  beforeEach(() => {
    localStorage.clear();
    store.started = false;
    store.signOutOfPortal.mockReset().mockResolvedValue(undefined);
    stubIndexedDbNames([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs out of Firebase and removes the idToken and both magic items', async () => {
    storeAllSessionKeys();
    localStorage.setItem('unrelated', 'kept');
    await logOut();
    expect(store.signOutOfPortal).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('idToken')).toBeNull();
    expect(localStorage.getItem('magicIdToken')).toBeNull();
    expect(localStorage.getItem('magicUserId')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('signs out when only a magic item is stored', async () => {
    localStorage.setItem('magicUserId', 'uid-sam');
    await logOut();
    expect(store.signOutOfPortal).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });

  it('leaves Firebase unloaded when no session was ever created', async () => {
    await logOut();
    expect(store.signOutOfPortal).not.toHaveBeenCalled();
  });

  it('signs out when Firebase kept a user in IndexedDB though no key is stored', async () => {
    stubIndexedDbNames(['firebaseLocalStorageDb']);
    await logOut();
    expect(store.signOutOfPortal).toHaveBeenCalledTimes(1);
  });

  it('signs out when the Firebase session is already running in the page', async () => {
    store.started = true;
    await logOut();
    expect(store.signOutOfPortal).toHaveBeenCalledTimes(1);
  });

  it('signs out when the browser cannot list its databases', async () => {
    vi.stubGlobal('indexedDB', {});
    await logOut();
    expect(store.signOutOfPortal).toHaveBeenCalledTimes(1);
  });

  it('still removes the three keys when the sign-out fails, and reports the failure', async () => {
    storeAllSessionKeys();
    store.signOutOfPortal.mockRejectedValue(new Error('chunk failed to load'));
    await expect(logOut()).rejects.toThrow('chunk failed to load');
    expect(localStorage.getItem('idToken')).toBeNull();
    expect(localStorage.getItem('magicIdToken')).toBeNull();
    expect(localStorage.getItem('magicUserId')).toBeNull();
  });
});
