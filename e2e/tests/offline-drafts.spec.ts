import type { Page } from '@playwright/test';
import { expectNoAxeViolationsAtEveryWidth } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { maya, signInWithGooglePopup } from '../support/googleSignIn';
import { waitForSignOutConfirmation } from '../support/hydration';
import {
  closeNewAnnouncementPopupWhenShown,
  countConversationRequests,
  signedInTutorStudents,
  smsOutbox,
  studentNamed,
} from '../support/messenger';

// Issue 39, nothing typed is lost, over the real stack: the text being written is kept on the
// device across a reload; offline, the chat says so once, politely, and Send waits; back online
// the chat is fetched again, and the text goes only when the tutor presses Send, once.
const offlineNotice = 'You are offline. Your message will stay here until you can send it.';
const waitingForNetwork = 'Waiting for the network. Press Send when you are back online.';

// On a loaded two-core machine a test here can take tens of seconds.
test.describe.configure({ timeout: 120_000 });

test.use({ signedInAs: maya });

/** Counts the page's POST /api/tutor/send-message requests, whether or not they got through. */
function countSendRequests(page: Page) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      new URL(request.url()).pathname === '/api/tutor/send-message'
    ) {
      counter.count += 1;
    }
  });
  return counter;
}

test('a draft survives a reload; offline, Send waits and sends nothing; back online, Send sends it once', async ({
  page,
  context,
  request,
}) => {
  await closeNewAnnouncementPopupWhenShown(page);
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  const sofia = studentNamed(await signedInTutorStudents(page), 'Sofia');
  await page.goto(`/tutoring/messenger/${sofia.id}`);
  const log = page.getByRole('log', { name: 'Messages with Ana Martinez' });
  await expect(log).toBeVisible();

  // Typed, then the page reloads at once: the text is back in the box.
  const text = `Hola Ana, ¿podemos empezar a las 4:15? (${Date.now()})`;
  const box = page.getByRole('textbox', { name: 'Message to Ana' });
  await box.pressSequentially(text.slice(0, 12));
  await box.fill(text);
  await page.reload();
  await expect(log).toBeVisible();
  await expect(box).toHaveValue(text);

  const sends = countSendRequests(page);
  const loads = countConversationRequests(page);

  // The network drops: one polite notice, and Send says why it waits.
  await context.setOffline(true);
  const notice = page.getByText(offlineNotice);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: offlineNotice })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toHaveAccessibleDescription(waitingForNetwork);
  await send.focus();
  await expect(send).toBeFocused();
  await send.click();
  await box.press('Enter');
  await expect(box).toHaveValue(text);
  expect(sends.count).toBe(0);
  await expectNoAxeViolationsAtEveryWidth(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back online: the notice goes, the chat is fetched again, and nothing went by itself.
  loads.reset();
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect.poll(() => loads.count, { message: 'the chat fetched again' }).toBeGreaterThan(0);
  await expect(send).not.toHaveAttribute('aria-describedby');
  await expect(box).toHaveValue(text);
  expect(sends.count).toBe(0);
  expect((await smsOutbox(request)).filter((sms) => sms.body === text)).toHaveLength(0);

  // Pressed again, it goes once; the draft goes with it.
  await send.click();
  await expect(box).toHaveValue('');
  await expect(log.getByRole('listitem').filter({ hasText: text })).toContainText('You');
  await expect
    .poll(async () => (await smsOutbox(request)).filter((sms) => sms.body === text).length, {
      message: 'the text in the SMS outbox, once',
    })
    .toBe(1);
  expect(sends.count).toBe(1);
  await page.reload();
  await expect(log).toBeVisible();
  await expect(box).toHaveValue('');
});

test('signing out removes the drafts: signed in again, the box is empty', async ({ page }) => {
  await closeNewAnnouncementPopupWhenShown(page);
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  const sofia = studentNamed(await signedInTutorStudents(page), 'Sofia');
  const chat = `/tutoring/messenger/${sofia.id}`;
  await page.goto(chat);
  const box = page.getByRole('textbox', { name: 'Message to Ana' });
  await box.fill('Not for the next person on this computer');
  const drafts = () =>
    page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('tutoring.messageDraft:')),
    );
  expect(await drafts()).toHaveLength(1);

  await page.goto('/logout');
  await waitForSignOutConfirmation(page);
  expect(await drafts()).toEqual([]);

  await signInWithGooglePopup(page, maya, () => page.goto(chat));
  await expect(page.getByRole('log', { name: 'Messages with Ana Martinez' })).toBeVisible();
  await expect(box).toHaveValue('');
});
