import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page } from '@playwright/test';

// Offline stand-in for Google's api.js, which the emulator's sign-in popup loads (see
// /work/shared/testing/README.md).
const gapiShim = readFileSync(new URL('./gapi-offline-shim.js', import.meta.url), 'utf8');
const contextsWithShim = new WeakSet<BrowserContext>();

/**
 * Answers Google's api.js with the offline shim in this context: the emulator's sign-in popup
 * needs it, and the browser cannot reach Google (playwright.config.ts resolves no other host than
 * this machine). Only where a popup sign-in can start: a route makes Playwright intercept every
 * request of the context, which slows every page down.
 */
export async function answerGoogleApiOffline(context: BrowserContext): Promise<void> {
  if (contextsWithShim.has(context)) return;
  contextsWithShim.add(context);
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiShim }),
  );
}

export interface GoogleAccount {
  email: string;
  displayName: string;
}

export const maya: GoogleAccount = {
  email: 'maya.chen@tutoring.example.org',
  displayName: 'Maya Chen',
};

export const outsideDomain: GoogleAccount = {
  email: 'someone@gmail.com',
  displayName: 'Someone Outside',
};

/** An organisation account that the server has no tutor for. */
export const unknownTutor: GoogleAccount = {
  email: 'not.a.tutor@tutoring.example.org',
  displayName: 'Not ATutor',
};

/**
 * Runs `openPopup` (an action that makes the portal open Google's sign-in popup), then signs in
 * through the Auth emulator's account chooser: an account used before in this browser context is
 * picked from the list, otherwise added with 'Add new account'.
 */
export async function signInWithGooglePopup(
  page: Page,
  account: GoogleAccount,
  openPopup: () => Promise<unknown>,
): Promise<void> {
  await answerGoogleApiOffline(page.context());
  const popupOpened = page.waitForEvent('popup');
  await openPopup();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  // The emulator lists every account it holds; tests running in parallel may have added the
  // same e-mail twice, and either one signs in as that e-mail.
  const usedBefore = popup.locator('.js-reuse-account', { hasText: account.email }).first();
  const addAccount = popup.getByText('Add new account');
  await expect(usedBefore.or(addAccount).first()).toBeVisible();
  const closed = popup.waitForEvent('close');
  if (await usedBefore.isVisible()) {
    await usedBefore.click();
  } else {
    await addAccount.click();
    await popup.locator('#email-input').fill(account.email);
    await popup.locator('#display-name-input').fill(account.displayName);
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
  }
  await closed;
}

/** Records the features string of every window.open call, to check the popup's size. */
export async function recordPopupFeatures(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    const open = window.open.bind(window);
    Object.defineProperty(window, '__popupFeatures', { value: calls });
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push(features ?? '');
      return open(url, target, features);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { __popupFeatures: string[] }).__popupFeatures);
}
