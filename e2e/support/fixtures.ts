import { readFileSync } from 'node:fs';
import { type BrowserContext, test as base, expect } from '@playwright/test';
import { type GoogleAccount, signInWithGooglePopup } from './googleSignIn';

// Offline stand-in for Google's api.js, which the emulator's sign-in popup loads (see
// /work/shared/testing/README.md).
const gapiShim = readFileSync(new URL('./gapi-offline-shim.js', import.meta.url), 'utf8');

/**
 * Every test runs offline: requests to any other host than this machine are aborted, except
 * Google's api.js, answered with the shim. Playwright tries routes in reverse order of
 * registration, so the catch-all comes first and the exception last.
 */
async function workOffline(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
    route.abort('blockedbyclient'),
  );
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiShim }),
  );
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface GoogleSessions {
  /** The browser storage of a context that signed in as `account` through the Google popup. */
  storageFor(account: GoogleAccount): Promise<StorageState>;
}

interface TestOptions {
  /**
   * Starts the test's context already signed in with Google as this account, as a tutor who
   * signed in earlier and comes back: the context gets the storage (Firebase's IndexedDB and the
   * portal's local storage) of a context that signed in through the emulator's real popup once
   * in this worker. Tests of the sign-in itself leave it unset and use the popup.
   */
  signedInAs: GoogleAccount | undefined;
}

export const test = base.extend<TestOptions, { googleSessions: GoogleSessions }>({
  signedInAs: [undefined, { option: true }],

  googleSessions: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const sessions = new Map<string, Promise<StorageState>>();
      const signIn = async (account: GoogleAccount): Promise<StorageState> => {
        const context = await browser.newContext({ baseURL });
        try {
          await workOffline(context);
          const page = await context.newPage();
          await signInWithGooglePopup(page, account, () => page.goto('/tutoring'));
          // Signed in once the portal holds the session's ID token (§3 'idToken') and the tutoring
          // area has answered: the welcome line, or a refusal for an account it does not serve.
          await expect
            .poll(() => page.evaluate(() => localStorage.getItem('idToken')), {
              message: `${account.email} signed in`,
            })
            .toBeTruthy();
          await expect(
            page.getByRole('heading', { level: 1, name: /^Welcome, / }).or(page.getByRole('alert')),
          ).toBeVisible();
          return await context.storageState({ indexedDB: true });
        } finally {
          await context.close();
        }
      };
      await use({
        storageFor(account) {
          let session = sessions.get(account.email);
          if (!session) {
            session = signIn(account);
            sessions.set(account.email, session);
            // A failed sign-in is reported by the test that asked; the next one tries again.
            session.catch(() => sessions.delete(account.email));
          }
          return session;
        },
      });
    },
    { scope: 'worker' },
  ],

  storageState: async ({ storageState, signedInAs, googleSessions }, use) => {
    await use(signedInAs ? await googleSessions.storageFor(signedInAs) : storageState);
  },

  context: async ({ context }, use) => {
    await workOffline(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
