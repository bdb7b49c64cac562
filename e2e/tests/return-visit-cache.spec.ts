import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { maya, signInWithGooglePopup } from '../support/googleSignIn';
import { waitForSignOutConfirmation } from '../support/hydration';
import { closeNewAnnouncementPopupWhenShown } from '../support/messenger';
import { readSavedAnswers } from '../support/savedAnswers';
import { jordan } from '../support/tutoringDashboard';

// Issue 39, a return visit over the real stack: the portal keeps Maya's answers on the device and
// shows them at once, marked as refreshing, until the server's answer arrives; signing out removes
// them, and Jordan, signing in next on the same browser, never sees or restores them.

test.describe.configure({ timeout: 120_000 });

test.use({ signedInAs: maya });

/** Holds the page's GET /api/tutor answers until `release` is called. */
async function holdTutorAnswers(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/tutor',
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}

const studentNames = (page: Page) =>
  page.getByRole('list', { name: 'Students' }).getByRole('heading').allTextContents();

test("a return visit shows Maya's kept students while refreshing; after sign-out Jordan sees none of them", async ({
  page,
}) => {
  // Maya has a new announcement: its popup would cover the page.
  await closeNewAnnouncementPopupWhenShown(page);
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Students' })).toBeVisible();
  const mayasStudents = await studentNames(page);
  expect(mayasStudents.length).toBeGreaterThan(0);
  // A first visit fetched everything: nothing is marked as kept.
  await expect(page.getByText('Refreshing…')).toHaveCount(0);

  // The portal writes her answers to IndexedDB, under her user id only.
  await expect
    .poll(async () => (await readSavedAnswers(page)).flatMap((entry) => entry.queryKeys))
    .toContainEqual(['tutor', expect.any(String)]);
  const [mayasEntry, ...others] = await readSavedAnswers(page);
  expect(others).toEqual([]);
  const mayasUid = mayasEntry?.key.replace(/^answers:/, '');
  expect(mayasEntry?.queryKeys.every((key) => key[1] === mayasUid)).toBe(true);

  // The return visit: the server's answer is held back, and the kept students show at once,
  // with a polite status saying they are being refreshed.
  const held = await holdTutorAnswers(page);
  await page.reload();
  const refreshing = page.getByRole('status').filter({ hasText: 'Refreshing…' });
  await expect(refreshing).toBeVisible();
  expect(await studentNames(page)).toEqual(mayasStudents);
  held.release();
  await expect(refreshing).toHaveCount(0);
  expect(await studentNames(page)).toEqual(mayasStudents);
  await page.unroute((url) => url.pathname === '/api/tutor');

  // §2: the sidebar's Log Out, through /logout in the app: no kept answer of anyone is left.
  await page
    .getByRole('navigation', { name: 'Tutoring Dashboard' })
    .getByRole('link', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL('/logout');
  await waitForSignOutConfirmation(page);
  await expect.poll(() => readSavedAnswers(page)).toEqual([]);

  // Jordan signs in on the same browser. While his own answer is held back, the dashboard waits
  // for it: nothing of Maya's is shown, nor marked as kept.
  const jordansHeld = await holdTutorAnswers(page);
  await signInWithGooglePopup(page, jordan, () => page.goto('/tutoring'));
  await expect(page.getByRole('progressbar', { name: 'Loading your account' })).toBeVisible();
  await expect(page.getByText('Refreshing…')).toHaveCount(0);
  for (const name of mayasStudents) await expect(page.getByText(name)).toHaveCount(0);
  jordansHeld.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan!' })).toBeVisible();
  const jordansStudents = await studentNames(page).catch(() => []);
  for (const name of mayasStudents) expect(jordansStudents).not.toContain(name);
  await page.unroute((url) => url.pathname === '/api/tutor');

  // His device keeps his answers only; Maya's entry is not there to restore.
  await expect
    .poll(async () => (await readSavedAnswers(page)).map((entry) => entry.key))
    .toEqual([expect.stringMatching(/^answers:/)]);
  const saved = await readSavedAnswers(page);
  expect(saved.map((entry) => entry.key)).not.toContain(`answers:${mayasUid}`);
  expect(saved.flatMap((entry) => entry.queryKeys).some((key) => key[1] === mayasUid)).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan!' })).toBeVisible();
  for (const name of mayasStudents) await expect(page.getByText(name)).toHaveCount(0);

  // /logout opened as a page of its own (a bookmark, another tab): the prerendered page signs
  // out without the signed-in areas' code, and removes his kept answers too.
  await expect.poll(async () => (await readSavedAnswers(page)).length).toBe(1);
  await page.goto('/logout');
  await waitForSignOutConfirmation(page);
  await expect.poll(() => readSavedAnswers(page)).toEqual([]);
});
