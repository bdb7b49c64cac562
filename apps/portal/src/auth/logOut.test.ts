import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createStore, keys, set } from 'idb-keyval';
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
const { readMessageDraft, saveMessageDraft } = await import('../lib/messageDrafts');
const { savedAnswersDatabaseName } = await import('../lib/savedAnswersStore');

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

  it("removes every tutor's message drafts kept on the device (issue 39), and nothing else", async () => {
    storeAllSessionKeys();
    localStorage.setItem('unrelated', 'kept');
    saveMessageDraft('uid-maya', 'stu-ana', 'Half a thought');
    saveMessageDraft('uid-maya', 'stu-mia', 'Another');
    saveMessageDraft('uid-jordan', 'stu-liam', "Jordan's");
    await logOut();
    expect(readMessageDraft('uid-maya', 'stu-ana')).toBe('');
    expect(readMessageDraft('uid-maya', 'stu-mia')).toBe('');
    expect(readMessageDraft('uid-jordan', 'stu-liam')).toBe('');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('removes the drafts even when the sign-out fails', async () => {
    saveMessageDraft('uid-maya', 'stu-ana', 'Half a thought');
    store.signOutOfPortal.mockRejectedValue(new Error('network'));
    stubIndexedDbNames(['firebaseLocalStorageDb']);
    await expect(logOut()).rejects.toThrow('network');
    expect(readMessageDraft('uid-maya', 'stu-ana')).toBe('');
  });

  it('removes the answers kept on the device for every user (issue 39), even when the sign-out fails', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    const answers = createStore(savedAnswersDatabaseName, 'answers');
    await set('answers:uid-maya', '{"clientState":{"queries":[]}}', answers);
    await set('answers:uid-jordan', '{"clientState":{"queries":[]}}', answers);
    storeAllSessionKeys();
    store.signOutOfPortal.mockRejectedValue(new Error('network'));
    await expect(logOut()).rejects.toThrow('network');
    expect(await keys(answers)).toEqual([]);
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
