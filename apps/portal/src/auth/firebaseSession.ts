// The only module that imports the Firebase SDK. It is reached through a dynamic import() from the
// auth routes and guards, so public pages never download Firebase (ARCHITECTURE: budget).
import { createCallables } from '@tutoring/api/callables';
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  GoogleAuthProvider,
  getAuth,
  getRedirectResult,
  onAuthStateChanged,
  signInWithCustomToken,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import { apiBaseUrl } from '../config/api';
import { firebaseAuthEmulatorUrl, firebaseWebConfig } from '../config/firebase';
import { organisation } from '../config/organisation';
import type { AuthState, AuthUser } from '../lib/services/sessionState';
import { type AuthEvent, signedInEvent } from './authState';
import type { FirebaseSession } from './firebaseSessionTypes';
import { readStoredMagicSession, readStoredMagicUserId } from './sessionStorageKeys';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

export function startFirebaseSession(
  dispatch: (event: AuthEvent) => void,
  getState: () => AuthState,
): FirebaseSession {
  const app = initializeApp(firebaseWebConfig);
  const auth = getAuth(app);
  if (firebaseAuthEmulatorUrl) {
    connectAuthEmulator(auth, firebaseAuthEmulatorUrl, { disableWarnings: true });
  }

  // The callables of §7 on our own server, with the bearer of this Auth's user (once Auth has read
  // its stored user, as the Functions SDK waits for it too).
  const callables = createCallables({
    baseUrl: new URL(apiBaseUrl, window.location.origin).href,
    async idToken() {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
  });

  // While a magic sign-in runs, Firebase reports the new user before its id is stored, which would
  // read as Google credentials: the sign-in reports that user itself.
  let magicSignInRunning = false;

  async function reportSignedIn(user: User, credentials?: 'magic'): Promise<void> {
    const idToken = await user.getIdToken();
    // A slower token fetch for a user who has since signed out must not win.
    if (auth.currentUser?.uid !== user.uid) return;
    const authUser = toAuthUser(user);
    dispatch(
      credentials === 'magic'
        ? { type: 'magicSignedIn', user: authUser, idToken }
        : signedInEvent(authUser, idToken, readStoredMagicUserId()),
    );
  }

  function readRedirectResult(): void {
    getRedirectResult(auth)
      .then((result) => (result ? reportSignedIn(result.user) : undefined))
      .catch((error: unknown) => {
        // §8: a redirect sign-in failure is logged and loading ends.
        console.error('Reading the Google redirect sign-in result failed.', error);
      })
      .finally(() => dispatch({ type: 'redirectResultRead' }));
  }

  onAuthStateChanged(auth, (user) => {
    if (!user) {
      dispatch({
        type: 'firebaseReportedNoUser',
        pathname: window.location.pathname,
        storedMagicSession: readStoredMagicSession(),
        now: Date.now(),
      });
      // §4: unless a magic session was restored (or refused), a pending redirect result decides.
      if (getState().status === 'loading') readRedirectResult();
      return;
    }
    if (magicSignInRunning) return;
    reportSignedIn(user).catch(() => dispatch({ type: 'signedOut' }));
  });

  return {
    callables,
    async signInWithGoogle() {
      const provider = new GoogleAuthProvider();
      // hd narrows Google's chooser to the organisation's accounts; the server enforces the domain
      // from the verified token, since the hint alone is not a check (and the emulator drops it).
      provider.setCustomParameters({ hd: organisation.domain, prompt: 'select_account' });
      const credential = await signInWithPopup(auth, provider);
      // Report before resolving, so the caller can navigate into guarded routes at once.
      await reportSignedIn(credential.user);
    },
    async signInWithMagicLink(stepUpToken) {
      const { customToken } = await callables.getCustomAuthToken({ stepUpToken });
      magicSignInRunning = true;
      try {
        const credential = await signInWithCustomToken(auth, customToken);
        await reportSignedIn(credential.user, 'magic');
      } finally {
        magicSignInRunning = false;
      }
    },
    async signOut() {
      await signOut(auth);
      dispatch({ type: 'signedOut' });
    },
    async getIdToken(forceRefresh) {
      // A session shown from the device's stored keys may ask before Auth has read its own.
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) return null;
      const idToken = await user.getIdToken(forceRefresh);
      dispatch({ type: 'idTokenRefreshed', idToken });
      return idToken;
    },
  };
}
