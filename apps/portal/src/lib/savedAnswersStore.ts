// Where a device keeps the signed-in user's answers (issue 39; queryPersistence.ts writes and
// restores them), and a signed-in visit's early read of them. The read starts as the app's entry
// runs (main.tsx), beside the app's own modules, instead of once the router has matched the
// signed-in area: a return visit's first screen waited for it (`pnpm bench:web --only screens`,
// the dashboard's kept answers back about 100 ms after the route asked for them). The persister
// takes that read once; any later read goes to the database as before.
import { createStore, get, type UseStore } from 'idb-keyval';

/** The IndexedDB database of the kept answers (its one object store: `answers`). */
export const savedAnswersDatabaseName = 'tutoring-saved-answers';
const savedAnswersStoreName = 'answers';

/** Every user's entry is keyed by this and their Firebase user id. */
export const savedAnswersKey = (uid: string) => `answers:${uid}`;

let store: { readonly factory: IDBFactory; readonly use: UseStore } | undefined;
/**
 * Opened on first use: a page that never reads or writes answers opens no database. (Opened again
 * when the page's IndexedDB is another one, as in the unit tests.)
 */
export function savedAnswersStore(): UseStore {
  if (store?.factory !== indexedDB) {
    store = {
      factory: indexedDB,
      use: createStore(savedAnswersDatabaseName, savedAnswersStoreName),
    };
  }
  return store.use;
}

let earlyRead: { readonly key: string; readonly entry: Promise<string | undefined> } | undefined;

/** Starts reading the entry of `uid`, for the restore that follows (readSavedAnswersEntry). */
export function startReadingSavedAnswers(uid: string): void {
  if (typeof indexedDB === 'undefined') return;
  const key = savedAnswersKey(uid);
  const entry = get<string>(key, savedAnswersStore());
  // Unhandled until the restore takes it; a failure there is the restore's as before.
  entry.catch(() => undefined);
  earlyRead = { key, entry };
}

/** The entry under `key`: the early read's once when it was of that key, else read now. */
export function readSavedAnswersEntry(key: string): Promise<string | undefined> {
  const early = earlyRead;
  earlyRead = undefined;
  if (early?.key === key) return early.entry;
  return get<string>(key, savedAnswersStore());
}
