// Issue 39: a return visit shows the last answers at once. The signed-in user's query answers are
// kept on the device in IndexedDB (TanStack Query's persister, idb-keyval as its storage), one
// entry per Firebase user id, and put back into the QueryClient before the signed-in screens
// first render; the screens then ask again and show that they are refreshing. Only the answers of
// the user who is signed in are written, only under their own id; sign-out removes every entry
// (auth/logOut.ts and the app's auth subscriber), and a user who signs in removes every other
// user's (one person at a time uses a device's portal).
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { clear, del, keys, set } from 'idb-keyval';
import { indexedDbDatabaseMayExist } from './indexedDbDatabaseMayExist';
import {
  readSavedAnswersEntry,
  savedAnswersDatabaseName,
  savedAnswersKey,
  savedAnswersStore,
} from './savedAnswersStore';

/** Kept answers older than this are dropped instead of shown: a day-old list misleads. */
export const savedAnswersMaxAgeMs = 24 * 60 * 60 * 1000;

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * Whether the query holds an answer about this user: every query key of the signed-in areas is
 * `[name, uid, …]` (useTutorQuery, useConversationQuery, onboardingUserQuery…). Pending and
 * failed queries are not kept.
 */
export function isAnswerOfUser(uid: string) {
  return (query: Query) => query.state.status === 'success' && query.queryKey[1] === uid;
}

/**
 * Whether an answer was kept from an earlier visit rather than fetched in this page: TanStack
 * Query keeps an answer's own time when it is restored.
 */
export function isAnswerFromEarlierVisit(dataUpdatedAt: number): boolean {
  return dataUpdatedAt > 0 && dataUpdatedAt < performance.timeOrigin;
}

interface UserPersister {
  readonly persister: Persister;
  /** No more writes, even one the persister's throttle still holds. */
  readonly close: () => void;
}

function userPersister(uid: string): UserPersister {
  let closed = false;
  const persister = createAsyncStoragePersister({
    key: savedAnswersKey(uid),
    storage: {
      getItem: (key) => readSavedAnswersEntry(key),
      setItem: (key, value: string) => (closed ? undefined : set(key, value, savedAnswersStore())),
      removeItem: (key) => del(key, savedAnswersStore()),
    },
  });
  return {
    persister,
    close: () => {
      closed = true;
    },
  };
}

export interface QueryPersistenceOptions {
  /** The build's version: a new release drops the answers an older one kept (their shapes may differ). */
  readonly buster: string;
}

interface Following {
  readonly uid: string;
  readonly stop: () => void;
}

/** The one client being saved in this page, so that sign-out can stop it before removing. */
let following: Following | undefined;

function stopFollowing(): void {
  following?.stop();
  following = undefined;
}

/**
 * Puts the kept answers of `uid` into the client. Never rejects: answers that cannot be read
 * (no IndexedDB, a private mode, a broken entry) only mean a visit like a first one.
 */
export async function restoreSavedAnswers(
  queryClient: QueryClient,
  uid: string,
  { buster }: QueryPersistenceOptions,
): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    await persistQueryClientRestore({
      queryClient,
      persister: userPersister(uid).persister,
      buster,
      maxAge: savedAnswersMaxAgeMs,
    });
    // A kept answer is shown, never trusted as fresh: however young it is (a reload seconds
    // later), each screen that shows it asks the server again as it mounts.
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // The persister removed the entry it could not restore.
  }
}

/**
 * From now on keeps the answers of `uid` (and nobody else's) as they change, and removes every
 * other user's entry. Following the same user again changes nothing.
 */
export function saveAnswersOf(
  queryClient: QueryClient,
  uid: string,
  { buster }: QueryPersistenceOptions,
): void {
  if (!hasIndexedDb() || following?.uid === uid) return;
  stopFollowing();
  const { persister, close } = userPersister(uid);
  const options = {
    queryClient,
    persister,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: isAnswerOfUser(uid) },
  };
  const unsubscribe = persistQueryClientSubscribe(options);
  // What the cache already holds (answers that came before the session was confirmed) is kept too.
  void persistQueryClientSave(options);
  following = {
    uid,
    stop: () => {
      unsubscribe();
      close();
    },
  };
  void removeOtherUsersAnswers(uid);
}

async function removeOtherUsersAnswers(uid: string): Promise<void> {
  try {
    const savedStore = savedAnswersStore();
    const others = (await keys<string>(savedStore)).filter((key) => key !== savedAnswersKey(uid));
    await Promise.all(others.map((key) => del(key, savedStore)));
  } catch {
    // Storage refused: nothing of theirs can be read either.
  }
}

/**
 * Sign-out: stops saving and removes every user's kept answers from this device. A visitor who
 * never signed in has no such database, and none is created for them.
 */
export async function clearSavedAnswers(): Promise<void> {
  stopFollowing();
  if (!hasIndexedDb() || !(await indexedDbDatabaseMayExist(savedAnswersDatabaseName))) return;
  try {
    await clear(savedAnswersStore());
  } catch {
    // Storage refused: nothing was kept.
  }
}
