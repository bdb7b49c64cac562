import { firstScreenHasAnswers, getAuthState, subscribeToAuthState } from '../auth/authStore';
import { readStoredSessionUid } from '../auth/sessionStorageKeys';
import { createQueryClient } from '../lib/queryClient';
import {
  clearSavedAnswers,
  restoreSavedAnswers,
  saveAnswersOf,
  savedAnswersMaxAgeMs,
} from '../lib/queryPersistence';

/** The running portal's data cache; downloaded with the signed-in areas (QueryProvider). */
export const productionQueryClient = createQueryClient({
  // TanStack Query's advice for a persisted cache: an answer nobody shows is kept in memory as
  // long as on the device, so leaving a chat does not drop it from the saved answers.
  gcTimeMs: savedAnswersMaxAgeMs,
});

const persistence = { buster: import.meta.env.PORTAL_BUILD_VERSION ?? 'development' };

// Once the server has answered and nothing is being fetched any more, the first screen has what it
// shows: a session shown from the device's stored keys may now download Firebase without slowing
// it (authStore.ts startSession). Answers put back from the device are not the server's.
const stopWatchingFirstAnswers = productionQueryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  queueMicrotask(() => {
    if (productionQueryClient.isFetching() > 0) return;
    stopWatchingFirstAnswers();
    firstScreenHasAnswers();
  });
});

/**
 * The answers this device kept for the user its stored session names (§3 session storage keys),
 * put back before the signed-in screens first render (QueryProvider's route waits for it), without
 * waiting for the Firebase SDK. They are the device's own earlier answers for that user, shown as
 * refreshing; every request still goes to the server with the session's token.
 */
export const savedAnswersRestored: Promise<void> = (async () => {
  const uid = readStoredSessionUid();
  if (uid) await restoreSavedAnswers(productionQueryClient, uid, persistence);
})();

function followSession(): void {
  const state = getAuthState();
  // However the session ends (Log Out, the user menu, another tab, a token the server refused),
  // nothing of the account stays in the cache or on the device for whoever signs in next.
  if (state.status === 'signedOut') {
    productionQueryClient.clear();
    void clearSavedAnswers();
    return;
  }
  if (state.status === 'google' || state.status === 'magic') {
    // Answers restored for another user than the one Firebase reports are not theirs to see.
    const uid = state.user.uid;
    const others = productionQueryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.queryKey[1] !== uid });
    for (const query of others) productionQueryClient.getQueryCache().remove(query);
    void savedAnswersRestored.then(() => {
      // Still this user once the restore is done (a sign-out in between keeps nothing).
      const now = getAuthState();
      if ((now.status === 'google' || now.status === 'magic') && now.user.uid === uid) {
        saveAnswersOf(productionQueryClient, uid, persistence);
      }
    });
  }
}

subscribeToAuthState(followSession);
followSession();
