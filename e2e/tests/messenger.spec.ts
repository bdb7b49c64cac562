import type { Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsAtEveryWidth,
  viewports,
} from '../support/axe';
import { letTimePass } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { maya, signInWithGooglePopup } from '../support/googleSignIn';
import { waitForSignOutConfirmation } from '../support/hydration';
import {
  closeNewAnnouncementPopupWhenShown,
  countConversationRequests,
  jordan,
  postGuardianReply,
  reportDelivery,
  setTabHidden,
  signedInTutorStudents,
  smsOutbox,
  studentNamed,
} from '../support/messenger';

// The messenger of §2/§4 over the real stack: Maya Chen's seeded students and their guardians
// (apps/server/src/seed). The chat polls POST /api/tutor/messages every 5 s while it is open.
const pollingIntervalMs = 5_000;
const adminLabel = 'Volunteer Tutoring Network Admin';

// On a loaded two-core machine a test here can take tens of seconds.
test.describe.configure({ timeout: 120_000 });

// Maya signed in once through the emulator's Google popup; the tests start with her session.
test.use({ signedInAs: maya });

async function openDashboardAsMaya(page: Page) {
  await closeNewAnnouncementPopupWhenShown(page);
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  return signedInTutorStudents(page);
}

test('a tutor opens a chat from the student list, texts the guardian, and sees the reply arrive', async ({
  page,
  request,
}) => {
  const sofia = studentNamed(await openDashboardAsMaya(page), 'Sofia');

  await page.getByRole('button', { name: "Chat with Sofia's guardian" }).click();
  await expect(page).toHaveURL(`/tutoring/messenger/${sofia.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat with Ana Martinez');
  await expect(page.getByText('Guardian of Sofia Martinez')).toBeVisible();
  await expect(page).toHaveTitle('Chat with Ana Martinez · Tutoring Dashboard');

  // The private forwarding number (studentTwilio), never the guardian's own (+1 555 010-0111).
  await expect(page.getByText('+1 (555) 019-0011')).toBeVisible();
  const pageText = ((await page.locator('body').textContent()) ?? '').replace(/\D/g, '');
  expect(pageText).not.toContain('5550100111');

  // Guardian texts ('activity') carry the guardian's name; the others the admin label.
  const log = page.getByRole('log', { name: 'Messages with Ana Martinez' });
  await expect(
    log.getByRole('listitem').filter({ hasText: '¿Podemos empezar 10 minutos más tarde hoy?' }),
  ).toContainText('Ana Martinez');
  await expect(
    log.getByRole('listitem').filter({ hasText: 'spring post-assessments open next Monday' }),
  ).toContainText(adminLabel);
  await expect(log.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  await expect(log.getByRole('heading', { level: 2, name: 'Yesterday' })).toBeVisible();

  // Enter sends the trimmed text; it shows in the chat and the box empties.
  const text = `Hola Ana, la sesión de hoy empieza a las 4:10 (${Date.now()})`;
  const box = page.getByRole('textbox', { name: 'Message to Ana' });
  await box.fill(`   ${text}   `);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(log.getByRole('listitem').filter({ hasText: text })).toContainText('You');

  // The dev SMS provider got it: from the forwarding number, to the guardian. (The bubble shows
  // at once, 'Sending…', before the server has handed the text over: wait for the outbox.)
  await expect
    .poll(async () => (await smsOutbox(request))[0], { message: 'the text in the SMS outbox' })
    .toMatchObject({ from: sofia.studentTwilio, to: '+15550100111', body: text });

  // A reply played through the inbound path appears within 7 s, without a reload.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const reply = `Perfecto, gracias Maya (${Date.now()})`;
  await postGuardianReply(request, sofia.id, reply);
  await expect(log.getByRole('listitem').filter({ hasText: reply })).toContainText('Ana Martinez', {
    timeout: 7_000,
  });
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});

test("a text the carrier did not deliver shows 'Not delivered'; Retry sends it once more, and it turns 'Delivered'", async ({
  page,
  request,
}) => {
  // The next poll is let come at once on Playwright's clock (support/clock.ts), not waited for.
  await page.clock.install();
  const amara = studentNamed(await openDashboardAsMaya(page), 'Amara');
  await page.goto(`/tutoring/messenger/${amara.id}`);
  const log = page.getByRole('log', { name: 'Messages with Chidi Okafor' });
  await expect(log).toBeVisible();

  const text = `Our session moves to 5 pm today (${Date.now()})`;
  const box = page.getByRole('textbox', { name: 'Message to Chidi' });
  const sent = page.waitForResponse((response) =>
    response.url().endsWith('/api/tutor/send-message'),
  );
  await box.fill(text);
  await box.press('Enter');
  const { message } = (await (await sent).json()) as { message: { id: string } };
  const item = log.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();

  // The carrier reports it undelivered (the dev SMS page's button): the next poll shows it.
  await reportDelivery(request, message.id, 'undelivered');
  await letTimePass(page, pollingIntervalMs);
  await expect(item).toContainText('Not delivered');
  await expectNoAxeViolationsAtEveryWidth(page);

  // Two quick presses send it once: the outbox has the first send and one retry. (The chat stops
  // showing 'Not delivered' as the press lands, before the server has answered: the outbox is
  // read once the retry's answer is in.)
  const retried = page.waitForResponse((response) =>
    response.url().endsWith('/api/tutor/retry-message'),
  );
  await item.getByRole('button', { name: /Retry/ }).dblclick();
  await expect(item).not.toContainText('Not delivered');
  await retried;
  const copies = async () => (await smsOutbox(request)).filter((sms) => sms.body === text).length;
  await expect.poll(copies).toBe(2);
  await expect(log.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);

  await reportDelivery(request, message.id, 'delivered');
  await letTimePass(page, pollingIntervalMs);
  await expect(item).toContainText('Delivered');
});

test('the chat polls every 5 s only while it is open and the tab is visible', async ({ page }) => {
  // The page's timers run on Playwright's clock: the waits below let the page's time pass at once
  // (support/clock.ts) rather than sleep through it.
  await page.clock.install();
  const amara = studentNamed(await openDashboardAsMaya(page), 'Amara');
  const conversationRequests = countConversationRequests(page);

  await page.goto(`/tutoring/messenger/${amara.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat with Chidi Okafor');
  // Open: the first load, then polls.
  await expect.poll(() => conversationRequests.count).toBeGreaterThanOrEqual(1);
  conversationRequests.reset();
  await letTimePass(page, pollingIntervalMs * 2 + 1_000);
  expect(conversationRequests.count).toBeGreaterThanOrEqual(2);

  // Hidden: nothing, however long.
  await setTabHidden(page, true);
  await page.waitForTimeout(500);
  conversationRequests.reset();
  await letTimePass(page, pollingIntervalMs * 2 + 1_000);
  // A request the last timers started would have been reported by now.
  await page.waitForTimeout(500);
  expect(conversationRequests.count).toBe(0);

  // Visible again: one catch-up request at once, then polling resumes.
  await setTabHidden(page, false);
  await expect.poll(() => conversationRequests.count, { timeout: 2_000 }).toBe(1);

  // Closed (back to the dashboard): nothing more.
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  await page.waitForTimeout(500);
  conversationRequests.reset();
  await letTimePass(page, pollingIntervalMs * 2 + 1_000);
  await page.waitForTimeout(500);
  expect(conversationRequests.count).toBe(0);
});

test.describe('signed in as Jordan first', () => {
  test.use({ signedInAs: jordan });

  test("a tutor cannot open another tutor's student's chat", async ({ page }) => {
    await page.clock.install();
    // Jordan's student, looked up as Jordan (signed in earlier); then Maya signs in with the popup
    // and tries the URL.
    await closeNewAnnouncementPopupWhenShown(page);
    await page.goto('/tutoring');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan!' })).toBeVisible();
    const noah = studentNamed(await signedInTutorStudents(page), 'Noah');
    await page.goto('/logout');
    await waitForSignOutConfirmation(page);

    const conversationRequests = countConversationRequests(page);
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/tutor/messages',
    );
    await signInWithGooglePopup(page, maya, () => page.goto(`/tutoring/messenger/${noah.id}`));
    expect((await answer).status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat not found');
    await expect(page.getByRole('alert')).toContainText(
      'This student is not one of your students.',
    );
    await expect(page.getByRole('log')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    const body = page.locator('body');
    for (const leaked of ['Grace', 'Noah', 'Friday at 4', '019-0055', '5550190055']) {
      await expect(body).not.toContainText(leaked);
    }
    // Asked once: no retries, no polling.
    await letTimePass(page, pollingIntervalMs + 1_000);
    await page.waitForTimeout(500);
    expect(conversationRequests.count).toBe(1);

    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL('/tutoring');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  });
});

for (const viewport of viewports) {
  test.describe(`messenger at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('passes axe with messages and with the emoji picker open; the composer is on screen', async ({
      page,
    }) => {
      const sofia = studentNamed(await openDashboardAsMaya(page), 'Sofia');
      await page.goto(`/tutoring/messenger/${sofia.id}`);
      const log = page.getByRole('log', { name: 'Messages with Ana Martinez' });
      await expect(log.getByRole('listitem').first()).toBeVisible();

      // The whole chat is in view: the transcript fills the screen, the composer below it.
      const box = page.getByRole('textbox', { name: 'Message to Ana' });
      const send = page.getByRole('button', { name: 'Send', exact: true });
      await expect(box).toBeInViewport({ ratio: 1 });
      await expect(send).toBeInViewport({ ratio: 1 });
      const logBox = await log.boundingBox();
      expect(logBox?.height ?? 0).toBeGreaterThan(viewport.height * 0.3);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Insert emoji' }).click();
      const picker = page.getByRole('dialog', { name: 'Emoji' });
      await expect(picker.getByRole('button')).toHaveCount(20);
      await expect(picker).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);

      await picker.getByRole('button', { name: 'thumbs up' }).click();
      await expect(picker).toBeHidden();
      await expect(box).toHaveValue('👍');
      await expect(send).toBeEnabled();
    });

    test('passes axe on the not-found message', async ({ page }) => {
      await page.goto('/tutoring/messenger/no-such-student');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat not found');
      await expectNoAxeViolations(page);
    });
  });
}
