import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createStore, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedAnswersDatabaseName } from '../lib/savedAnswersStore';

// Issue 39: the running portal's cache, kept on the device per user. Signs Maya in, keeps her
// students, signs her out, signs Jordan in on the same device: Jordan sees none of Maya's.

const maya = { uid: 'uid-maya', email: 'maya@tutoring.example.org', displayName: 'Maya Chen' };
const jordan = { uid: 'uid-jordan', email: 'jordan@tutoring.example.org', displayName: 'Jordan' };
const mayasTutor = { First_Name: 'Maya', correspondents: [{ id: 'stu-ana', First_Name: 'Ana' }] };

/** A Google ID token as Firebase stores it (§3): only its claims matter to the portal. */
function idTokenOf(uid: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'RS256' })}.${part({ sub: uid, exp })}.signature`;
}

/** The build's version, as the running portal marks what it keeps. */
const buster = import.meta.env.PORTAL_BUILD_VERSION ?? 'development';

const savedKeys = () => keys(createStore(savedAnswersDatabaseName, 'answers'));

/** A fresh page of the portal: its modules (auth store, cache) start over. */
async function openPortal() {
  vi.resetModules();
  const authStore = await import('../auth/authStore');
  const cache = await import('./productionQueryClient');
  await cache.savedAnswersRestored;
  return { ...authStore, ...cache };
}

async function keepMayasStudents() {
  // Maya's earlier visit, which kept her students (the product writes them at most once a second).
  const { saveAnswersOf } = await import('../lib/queryPersistence');
  const earlier = new QueryClient();
  saveAnswersOf(earlier, maya.uid, { buster });
  earlier.setQueryData(['tutor', maya.uid], mayasTutor);
  await vi.waitFor(
    async () => {
      expect(await savedKeys()).toEqual(['answers:uid-maya']);
      const client = new QueryClient();
      const { restoreSavedAnswers } = await import('../lib/queryPersistence');
      await restoreSavedAnswers(client, maya.uid, { buster });
      expect(client.getQueryData(['tutor', maya.uid])).toEqual(mayasTutor);
    },
    { timeout: 4000, interval: 200 },
  );
}

describe('the running portal keeps answers per signed-in user (issue 39)', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    localStorage.clear();
  });
  afterEach(() => {
    localStorage.clear();
  });

  it("restores Maya's students before Firebase reports her, from the stored session alone", async () => {
    await keepMayasStudents();
    localStorage.setItem('idToken', idTokenOf(maya.uid));
    const { productionQueryClient, getAuthState } = await openPortal();
    expect(getAuthState().status).toBe('loading');
    expect(productionQueryClient.getQueryData(['tutor', maya.uid])).toEqual(mayasTutor);
  });

  it('restores nothing for a stored session of another user, nor without one', async () => {
    await keepMayasStudents();
    localStorage.setItem('idToken', idTokenOf(jordan.uid));
    const jordans = await openPortal();
    expect(jordans.productionQueryClient.getQueryCache().getAll()).toEqual([]);
    localStorage.clear();
    const nobodys = await openPortal();
    expect(nobodys.productionQueryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("signs Maya in, keeps, signs out, signs Jordan in: none of Maya's answers are seen or kept", async () => {
    localStorage.setItem('idToken', idTokenOf(maya.uid));
    const portal = await openPortal();
    portal.dispatchAuthEvent({ type: 'googleSignedIn', user: maya, idToken: idTokenOf(maya.uid) });
    portal.productionQueryClient.setQueryData(['tutor', maya.uid], mayasTutor);
    await vi.waitFor(async () => expect(await savedKeys()).toEqual(['answers:uid-maya']), {
      timeout: 4000,
    });

    // A token the server refused, or the Log Out button: either way the store reports signedOut.
    portal.dispatchAuthEvent({ type: 'signedOut' });
    expect(portal.productionQueryClient.getQueryCache().getAll()).toEqual([]);
    await vi.waitFor(async () => expect(await savedKeys()).toEqual([]));

    portal.dispatchAuthEvent({
      type: 'googleSignedIn',
      user: jordan,
      idToken: idTokenOf(jordan.uid),
    });
    expect(portal.productionQueryClient.getQueryData(['tutor', maya.uid])).toBeUndefined();
    // Jordan's next visit to this device restores nothing of Maya's.
    const next = await openPortal();
    expect(next.productionQueryClient.getQueryData(['tutor', maya.uid])).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await savedKeys()).not.toContain('answers:uid-maya');
  });

  it('drops answers restored for another user than the one Firebase reports', async () => {
    await keepMayasStudents();
    // The stored token names Maya, but Firebase holds Jordan (another tab signed in as him).
    localStorage.setItem('idToken', idTokenOf(maya.uid));
    const portal = await openPortal();
    expect(portal.productionQueryClient.getQueryData(['tutor', maya.uid])).toEqual(mayasTutor);
    portal.dispatchAuthEvent({
      type: 'googleSignedIn',
      user: jordan,
      idToken: idTokenOf(jordan.uid),
    });
    expect(portal.productionQueryClient.getQueryData(['tutor', maya.uid])).toBeUndefined();
    await vi.waitFor(async () => expect(await savedKeys()).not.toContain('answers:uid-maya'));
  });
});

describe("Firebase waits for the first screen's answers on a visit shown from a stored session (issue 39)", () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    localStorage.clear();
    window.history.replaceState(null, '', '/tutoring');
  });
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('starts Firebase once the server answered and nothing is still being fetched', async () => {
    localStorage.setItem('idToken', idTokenOf(maya.uid));
    vi.doMock('../auth/firebaseSession', () => ({
      startFirebaseSession: () => ({}),
    }));
    try {
      const portal = await openPortal();
      expect(portal.getAuthState()).toMatchObject({ status: 'google', stored: true });
      portal.startSession();
      let answerAnnouncements: (value: unknown) => void = () => undefined;
      const tutor = portal.productionQueryClient.fetchQuery({
        queryKey: ['tutor', maya.uid],
        queryFn: async () => mayasTutor,
      });
      const announcements = portal.productionQueryClient.fetchQuery({
        queryKey: ['announcements', maya.uid],
        queryFn: () => new Promise((resolve) => (answerAnnouncements = resolve)),
      });
      await tutor;
      await new Promise((resolve) => setTimeout(resolve, 0));
      // One answer is in, another is still on its way: the screen is not complete yet.
      expect(portal.isFirebaseSessionStarted()).toBe(false);
      answerAnnouncements([]);
      await announcements;
      await vi.waitFor(() => expect(portal.isFirebaseSessionStarted()).toBe(true));
      // Signed out: the persister's write still waiting for its once-a-second turn is dropped, so
      // it cannot land in the next test file's IndexedDB (it once did: FRESH17 and FRESH18).
      portal.dispatchAuthEvent({ type: 'signedOut' });
      await vi.waitFor(async () => expect(await savedKeys()).toEqual([]));
    } finally {
      vi.doUnmock('../auth/firebaseSession');
    }
  });
});
