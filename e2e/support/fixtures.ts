import { type BrowserContext, test as base, expect } from '@playwright/test';
import { waitForUrl } from '../../scripts/lib/process.mjs';
import { answerGoogleApiOffline, type GoogleAccount, signInWithGooglePopup } from './googleSignIn';
import { withoutSavedAnswers } from './savedAnswers';
import { serverUrlFor } from './stack';

// Every test runs offline: the browser resolves no other host than this machine
// (--host-resolver-rules in playwright.config.ts), so a request elsewhere fails at once. Google's
// api.js, which the emulator's sign-in popup loads, is answered with a shim where a popup sign-in
// can start (support/googleSignIn.ts).

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface GoogleSessions {
  /** The browser storage of a context that signed in as `account` through the Google popup. */
  storageFor(account: GoogleAccount): Promise<StorageState>;
}

interface TestOptions {
  /**
   * The test's pages may start the emulator's Google sign-in popup by themselves (the tutoring
   * area's guard does, for a signed-out visitor): answer Google's api.js with the offline shim
   * from the start. signInWithGooglePopup sets the shim up by itself.
   */
  googlePopupSignIn: boolean;
  /**
   * Starts the test's context already signed in with Google as this account, as a tutor who
   * signed in earlier and comes back: the context gets the storage (Firebase's IndexedDB and the
   * portal's local storage) of a context that signed in through the emulator's real popup once
   * in this worker. Tests of the sign-in itself leave it unset and use the popup.
   */
  signedInAs: GoogleAccount | undefined;
}

interface WorkerFixtures {
  /** This worker's server of the stack (support/stack.ts), once it answers. */
  serverUrl: string;
  googleSessions: GoogleSessions;
}

export const test = base.extend<TestOptions, WorkerFixtures>({
  googlePopupSignIn: [false, { option: true }],
  signedInAs: [undefined, { option: true }],

  serverUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the dependencies (none) here
    async ({}, use, workerInfo) => {
      const url = serverUrlFor(workerInfo.parallelIndex);
      // The stack starts its servers side by side, and Playwright waits for the first only.
      await waitForUrl(url);
      await use(url);
    },
    { scope: 'worker' },
  ],

  // Every page, request and context of the test goes to its worker's server.
  baseURL: async ({ serverUrl }, use) => {
    await use(serverUrl);
  },

  googleSessions: [
    async ({ browser, serverUrl: baseURL }, use) => {
      const sessions = new Map<string, Promise<StorageState>>();
      const signIn = async (account: GoogleAccount): Promise<StorageState> => {
        // As every test's context (playwright.config.ts): no service worker.
        const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
        try {
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
          // The session, not the answers the portal kept (issue 39): each test's first screen
          // comes from the server, as it did before.
          return withoutSavedAnswers(await context.storageState({ indexedDB: true }));
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

  context: async ({ context, googlePopupSignIn }, use) => {
    if (googlePopupSignIn) await answerGoogleApiOffline(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
