import type { BrowserContext, Page } from '@playwright/test';

// Issue 39: the portal keeps the signed-in user's answers in IndexedDB (apps/portal's
// lib/queryPersistence.ts), one entry per Firebase user id.

/** The portal's database of kept answers (`savedAnswersDatabaseName`). */
export const savedAnswersDatabaseName = 'tutoring-saved-answers';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A signed-in context's storage without the answers it kept: a test or a cold benchmark run that
 * starts from it signs in as a returning tutor whose device kept nothing yet, so its first screen
 * comes from the server, as before issue 39.
 */
export function withoutSavedAnswers(state: StorageState): StorageState {
  return {
    ...state,
    origins: state.origins.map((origin) => {
      // storageState({ indexedDB: true }) adds each origin's databases, which its type leaves out.
      const { indexedDB, ...rest } = origin as typeof origin & {
        indexedDB?: { name: string }[];
      };
      if (!indexedDB) return origin;
      return {
        ...rest,
        indexedDB: indexedDB.filter((database) => database.name !== savedAnswersDatabaseName),
      };
    }),
  };
}

/** Each kept entry's key and the query keys it holds, read in the page as the portal would. */
export function readSavedAnswers(page: Page): Promise<{ key: string; queryKeys: unknown[][] }[]> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes(name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('answers')) return [];
      const store = db.transaction('answers').objectStore('answers');
      const [keys, values] = await Promise.all(
        [store.getAllKeys(), store.getAll()].map(
          (request) =>
            new Promise<unknown[]>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result as unknown[]);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      return (keys ?? []).map((key, index) => ({
        key: String(key),
        queryKeys: (
          JSON.parse(String(values?.[index])) as {
            clientState: { queries: { queryKey: unknown[] }[] };
          }
        ).clientState.queries.map((query) => query.queryKey),
      }));
    } finally {
      db.close();
    }
  }, savedAnswersDatabaseName);
}
