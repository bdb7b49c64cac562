import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { get, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSavedAnswers,
  isAnswerFromEarlierVisit,
  restoreSavedAnswers,
  saveAnswersOf,
  savedAnswersMaxAgeMs,
} from './queryPersistence';
import {
  savedAnswersDatabaseName,
  savedAnswersKey,
  startReadingSavedAnswers,
} from './savedAnswersStore';

const release = { buster: 'release-1' };
const mayasStudents = [{ id: 'stu-ana', First_Name: 'Ana' }];
const jordansStudents = [{ id: 'stu-liam', First_Name: 'Liam' }];

interface SavedEntry {
  readonly buster: string;
  readonly clientState: { readonly queries: readonly { readonly queryKey: unknown[] }[] };
}

/** What the device keeps, read as the browser would (not through the module under test). */
async function savedEntry(uid: string) {
  const { createStore } = await import('idb-keyval');
  const text = await get<string>(
    savedAnswersKey(uid),
    createStore(savedAnswersDatabaseName, 'answers'),
  );
  return text === undefined ? undefined : (JSON.parse(text) as SavedEntry);
}

async function savedKeys() {
  const { createStore } = await import('idb-keyval');
  return keys(createStore(savedAnswersDatabaseName, 'answers'));
}

/** The persister writes at most once a second: wait until the entry holds the user's tutor. */
async function waitForSaved(uid: string) {
  await vi.waitFor(
    async () => {
      const queries = (await savedEntry(uid))?.clientState.queries ?? [];
      expect(queries.map((query) => query.queryKey)).toContainEqual(['tutor', uid]);
    },
    { timeout: 4000, interval: 100 },
  );
}

describe('the answers kept on the device (issue 39)', () => {
  beforeEach(() => {
    // A fresh, empty IndexedDB for each test.
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  });
  afterEach(async () => {
    await clearSavedAnswers();
  });

  it("keeps only the signed-in user's successful answers, under their own id", async () => {
    const client = new QueryClient();
    saveAnswersOf(client, 'uid-maya', release);
    client.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    client.setQueryData(['tutor', 'uid-jordan'], { correspondents: jordansStudents });
    client.setQueryData(['authLink'], 'public');
    await waitForSaved('uid-maya');
    const entry = await savedEntry('uid-maya');
    expect(entry?.buster).toBe('release-1');
    expect(entry?.clientState.queries.map((query) => query.queryKey)).toEqual([
      ['tutor', 'uid-maya'],
    ]);
    expect(await savedKeys()).toEqual([savedAnswersKey('uid-maya')]);
  });

  it("restores a user's answers into a new page's client, with the time they were fetched", async () => {
    const before = new QueryClient();
    saveAnswersOf(before, 'uid-maya', release);
    before.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await waitForSaved('uid-maya');
    const fetchedAt = before.getQueryState(['tutor', 'uid-maya'])?.dataUpdatedAt;

    const after = new QueryClient();
    await restoreSavedAnswers(after, 'uid-maya', release);
    expect(after.getQueryData(['tutor', 'uid-maya'])).toEqual({ correspondents: mayasStudents });
    expect(after.getQueryState(['tutor', 'uid-maya'])?.dataUpdatedAt).toBe(fetchedAt);
    // Kept a moment ago, yet asked again by the first screen that shows it.
    expect(
      after
        .getQueryCache()
        .find({ queryKey: ['tutor', 'uid-maya'] })
        ?.isStale(),
    ).toBe(true);
  });

  it('signs in Maya, keeps her students, signs out, signs in Jordan: Jordan sees none of them', async () => {
    const page = new QueryClient();
    saveAnswersOf(page, 'uid-maya', release);
    page.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await waitForSaved('uid-maya');

    // A change just before sign-out: its write waits in the persister's once-a-second throttle.
    page.setQueryData(['tutor', 'uid-maya'], { correspondents: [...mayasStudents] });
    await clearSavedAnswers();
    page.clear();
    // Neither that write nor a change after sign-out (a request still running) puts Maya back.
    page.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await savedKeys()).toEqual([]);

    const jordansPage = new QueryClient();
    await restoreSavedAnswers(jordansPage, 'uid-jordan', release);
    // Even a page that asked for Maya's entry by her id finds nothing.
    await restoreSavedAnswers(jordansPage, 'uid-maya', release);
    expect(jordansPage.getQueryCache().getAll()).toEqual([]);
  });

  it("removes another user's entry when someone else signs in on the device", async () => {
    const mayasPage = new QueryClient();
    saveAnswersOf(mayasPage, 'uid-maya', release);
    mayasPage.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await waitForSaved('uid-maya');

    // Maya's tab was closed without signing out; Jordan signs in on the same device.
    const jordansPage = new QueryClient();
    saveAnswersOf(jordansPage, 'uid-jordan', release);
    await vi.waitFor(async () => {
      expect(await savedEntry('uid-maya')).toBeUndefined();
    });
    await restoreSavedAnswers(jordansPage, 'uid-maya', release);
    expect(jordansPage.getQueryData(['tutor', 'uid-maya'])).toBeUndefined();
  });

  it("restores from the read the app's entry started, once, and only for the user it was of", async () => {
    const before = new QueryClient();
    saveAnswersOf(before, 'uid-maya', release);
    before.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await waitForSaved('uid-maya');

    // Jordan's restore does not take a read started for Maya.
    startReadingSavedAnswers('uid-maya');
    const jordansPage = new QueryClient();
    await restoreSavedAnswers(jordansPage, 'uid-jordan', release);
    expect(jordansPage.getQueryCache().getAll()).toEqual([]);

    // Maya's restore takes the read started before her entry left the device...
    startReadingSavedAnswers('uid-maya');
    const { createStore, del } = await import('idb-keyval');
    await del(savedAnswersKey('uid-maya'), createStore(savedAnswersDatabaseName, 'answers'));
    const mayasPage = new QueryClient();
    await restoreSavedAnswers(mayasPage, 'uid-maya', release);
    expect(mayasPage.getQueryData(['tutor', 'uid-maya'])).toEqual({
      correspondents: mayasStudents,
    });
    // ...once: the next restore reads the device as it is now.
    const laterPage = new QueryClient();
    await restoreSavedAnswers(laterPage, 'uid-maya', release);
    expect(laterPage.getQueryCache().getAll()).toEqual([]);
  });

  it('drops what an older release kept, and answers older than a day', async () => {
    const before = new QueryClient();
    saveAnswersOf(before, 'uid-maya', release);
    before.setQueryData(['tutor', 'uid-maya'], { correspondents: mayasStudents });
    await waitForSaved('uid-maya');

    const newRelease = new QueryClient();
    await restoreSavedAnswers(newRelease, 'uid-maya', { buster: 'release-2' });
    expect(newRelease.getQueryData(['tutor', 'uid-maya'])).toBeUndefined();
    expect(await savedEntry('uid-maya')).toBeUndefined();

    const again = new QueryClient();
    saveAnswersOf(again, 'uid-jordan', release);
    again.setQueryData(['tutor', 'uid-jordan'], { correspondents: jordansStudents });
    await waitForSaved('uid-jordan');
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + savedAnswersMaxAgeMs + 1000);
    const aDayLater = new QueryClient();
    await restoreSavedAnswers(aDayLater, 'uid-jordan', release);
    expect(aDayLater.getQueryData(['tutor', 'uid-jordan'])).toBeUndefined();
  });

  it('creates no database for a visitor who never signed in', async () => {
    await clearSavedAnswers();
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([]);
  });

  it('tells an answer kept from an earlier visit from one fetched in this page', () => {
    expect(isAnswerFromEarlierVisit(performance.timeOrigin - 60_000)).toBe(true);
    expect(isAnswerFromEarlierVisit(Date.now())).toBe(false);
    // Never fetched.
    expect(isAnswerFromEarlierVisit(0)).toBe(false);
  });
});
