import { expect, type Page } from '@playwright/test';

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
