// /logout (§2): signs out of Firebase and removes the stored session keys. The Firebase SDK is
// downloaded only when a session can exist, so a visitor who never signed in loads none of it.
// The messages tutors were writing (issue 39's drafts) go too: the next person on this device
// never sees them. Nor the answers the portal kept on the device for a quick return (issue 39).

import { indexedDbDatabaseMayExist } from '../lib/indexedDbDatabaseMayExist';
import { clearMessageDrafts } from '../lib/messageDrafts';
import { clearSavedAnswers } from '../lib/queryPersistence';
import { isFirebaseSessionStarted, signOutOfPortal } from './authStore';
import { clearSessionStorageKeys, hasStoredSessionKeys } from './sessionStorageKeys';

/** The IndexedDB database in which Firebase Auth persists its signed-in user. */
export const firebaseAuthDatabaseName = 'firebaseLocalStorageDb';

/** Whether a Firebase session may exist: the SDK runs, a key is stored, or Firebase kept a user. */
export async function mayHaveFirebaseSession(): Promise<boolean> {
  if (isFirebaseSessionStarted() || hasStoredSessionKeys()) return true;
  return indexedDbDatabaseMayExist(firebaseAuthDatabaseName);
}

export async function logOut(): Promise<void> {
  try {
    if (await mayHaveFirebaseSession()) await signOutOfPortal();
  } finally {
    // Even when Firebase cannot be reached, nothing of the session, no draft and no kept answer
    // stays on the device.
    clearSessionStorageKeys();
    clearMessageDrafts();
    await clearSavedAnswers();
  }
}
