import type { Page } from '@playwright/test';
import { expectNoAxeViolations, viewports } from '../support/axe';
import { letTimePass } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { maya, unknownTutor } from '../support/googleSignIn';
import {
  dashboardDataAnswered,
  fetchTutor,
  forceNewAnnouncement,
  hoursLabel,
  isDashboardDataRequest,
  recordDashboardRequests,
} from '../support/tutoringDashboard';

const learningPortalLogin = 'https://learning.tutoring.example.org/login';

// Maya signed in once through the emulator's Google popup; every test here starts with her
// session (the sign-in itself is tutor-sign-in.spec.ts's subject).
test.use({ signedInAs: maya });

async function openDashboard(page: Page) {
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
}

/** Maya's newest announcement as the server has it: its title and its message's first paragraph. */
async function newestAnnouncement(page: Page) {
  const tutor = await fetchTutor(page);
  const newest = [...tutor.weeklyAnnouncements].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
  )[0];
  const firstParagraph = await page.evaluate(
    (html) =>
      new DOMParser().parseFromString(html, 'text/html').body.firstElementChild?.textContent ?? '',
    newest?.content ?? '',
  );
  expect(firstParagraph.trim()).not.toBe('');
  return { title: newest?.title ?? '', firstParagraph: firstParagraph.trim() };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Tutoring Dashboard' });

// Runs first: it also leaves Maya's new-announcement flag cleared on the server, so the popup
// cannot cover the page in the tests after it.
test('a new announcement pops up 2 s after the data has loaded, and the server then forgets it', async ({
  page,
}) => {
  // The page's timers run on Playwright's clock, in step with real time until the test lets time
  // pass at once (support/clock.ts).
  await page.clock.install();
  await forceNewAnnouncement(page);
  let dataLoadedAt = 0;
  let pending = 3;
  page.on('requestfinished', (request) => {
    if (isDashboardDataRequest(request) && --pending === 0) dataLoadedAt = Date.now();
  });
  const markedSeen = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith('/api/tutor/mark-announcement-read'),
  );
  await openDashboard(page);

  const popup = page.getByRole('dialog', { name: 'New Announcement' });
  await expect(popup).toBeVisible();
  expect(dataLoadedAt).toBeGreaterThan(0);
  expect(Date.now() - dataLoadedAt).toBeGreaterThanOrEqual(1900);
  const newest = await newestAnnouncement(page);
  await expect(popup.getByRole('heading', { level: 3 })).toHaveText(newest.title);
  // Its message is the server's HTML, sanitised by DOMPurify, which the page downloads only now.
  await expect(popup).toContainText(newest.firstParagraph);
  expect((await (await markedSeen).response())?.status()).toBe(204);
  expect((await fetchTutor(page)).hasNewAnnouncement).toBe(false);

  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  // The real flag is cleared: no popup after a reload.
  await page.unroute('**/api/tutor');
  const reloadedDataAnswered = dashboardDataAnswered(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
  // Well past the popup's 2 s after the data has loaded.
  await reloadedDataAnswered;
  await letTimePass(page, 3000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a new announcement whose sanitiser cannot be downloaded says so, and shows none of the server's HTML", async ({
  page,
}) => {
  await forceNewAnnouncement(page);
  // DOMPurify comes with the first server HTML a page shows (SafeHtml): here its download fails.
  await page.route('**/assets/purify*.js', (route) => route.abort('internetdisconnected'));
  await openDashboard(page);
  const popup = page.getByRole('dialog', { name: 'New Announcement' });
  await expect(popup).toContainText(
    'This message could not be shown. Reload the page to try again.',
  );
  await expect(popup).not.toContainText((await newestAnnouncement(page)).firstParagraph);
});

test('the dashboard data requests start side by side as soon as the token exists', async ({
  page,
}) => {
  const events = recordDashboardRequests(page);
  await openDashboard(page);
  await expect
    .poll(() => events.filter((event) => event.startsWith('end')).length)
    .toBeGreaterThanOrEqual(3);
  // All three started before the first of them finished: none waited for another.
  expect(events.slice(0, 3).sort()).toEqual([
    'start /api/action-item',
    'start /api/portal-announcement',
    'start /api/tutor',
  ]);
  // Loaded once: the pages mounting under the layout do not fetch them again.
  await page.waitForTimeout(1000);
  expect(events.filter((event) => event.startsWith('start'))).toHaveLength(3);
});

test('a tutor sees the stats, the header and the students', async ({ page }) => {
  await openDashboard(page);
  const tutor = await fetchTutor(page);

  const stats = page.getByLabel('Your tutoring stats');
  const stat = (label: string) => stats.locator(`[data-stat="${label}"] dd`);
  await expect(stat('Current Students')).toHaveText(String(tutor.stats.currentStudents));
  await expect(stat('Sessions')).toHaveText(String(tutor.stats.sessions));
  await expect(stat('Tutoring hours (last 30 days)')).toHaveText(
    hoursLabel(tutor.stats.last30DaysTutoringHours),
  );
  await expect(stat('Hours until promotion')).toHaveText(
    tutor.stats.hoursUntilPromotion === null ? 'N/A' : hoursLabel(tutor.stats.hoursUntilPromotion),
  );

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /^Update Information/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(header).toContainText(`Title${tutor.stats.currentTitle ?? 'N/A'}`);
  await expect(header).toContainText(`Capacity${tutor.stats.capacity}`);
  const availability = header.getByRole('link', { name: /^Monday 16:00-18:00/ });
  await expect(availability).toHaveAttribute('href', /[?&]tutorID=TUT-1042(&|$)/);

  const students = page.getByRole('list', { name: 'Students' });
  await expect(students.getByRole('listitem')).toHaveCount(tutor.correspondents.length);
  for (const student of tutor.correspondents) {
    const row = students.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: `${student.First_Name} ${student.Last_Name}` }),
    });
    const flag = row.getByText(/^No session in \d+ days$/);
    if ((student.lastSession ?? 0) > 10) {
      await expect(flag).toHaveText(`No session in ${student.lastSession} days`);
    } else {
      await expect(flag).toHaveCount(0);
    }
  }
  // The seeded family with Spanish as its language gets the translation notice; others do not.
  await expect(students.getByRole('listitem').filter({ hasText: 'Sofia Martinez' })).toContainText(
    "This family's language is Spanish",
  );
  await expect(students.getByText("This family's language is Spanish")).toHaveCount(1);

  const whatsNew = page.getByRole('region', { name: "What's New" });
  await expect(whatsNew).toContainText('Post-assessments open next week');
  await expect(whatsNew).toContainText('open task');

  // Keyboard: Enter on Updates opens its modal, Escape closes it and focus returns to the button.
  const updatesButton = sidebar(page).getByRole('button', { name: /^Updates/ });
  await updatesButton.focus();
  await page.keyboard.press('Enter');
  const updates = page.getByRole('dialog', { name: /^Updates/ });
  await expect(updates).toBeVisible();
  await expect
    .poll(() => updates.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(updates).toBeHidden();
  await expect(updatesButton).toBeFocused();

  // The user menu signs out through /logout.
  await sidebar(page)
    .getByRole('button', { name: /^Account: Maya Chen/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out.');
});

test('marks an announcement read and completes an action item; both persist after a reload', async ({
  page,
}) => {
  await openDashboard(page);
  const updatesButton = sidebar(page).getByRole('button', { name: /^Updates/ });
  await expect(updatesButton).toHaveAccessibleName(/\((\d+) unread\)$/);
  const unreadBefore = Number(
    /\((\d+) unread\)/.exec((await updatesButton.textContent()) ?? '')?.[1],
  );

  await updatesButton.click();
  const updates = page.getByRole('dialog', { name: /^Updates/ });
  const markRead = updates.getByRole('button', { name: /^Mark as read: / }).first();
  const subject = ((await markRead.getAttribute('aria-label')) ?? '').replace('Mark as read: ', '');
  const item = updates
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: subject }) });

  // A failure reverts to unread (§4).
  await page.route('**/api/portal-announcement/status', (route) =>
    route.fulfill({
      status: 503,
      json: { error: { status: 'UNAVAILABLE', message: 'Try again later.' } },
    }),
  );
  await markRead.click();
  await expect(item.getByRole('button', { name: `Mark as read: ${subject}` })).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');

  // Held back for a moment, so the pending state can be seen; then the real server answers.
  await page.unroute('**/api/portal-announcement/status');
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/portal-announcement/status', async (route) => {
    await released;
    await route.continue();
  });
  await item.getByRole('button', { name: `Mark as read: ${subject}` }).click();
  await expect(item.getByRole('button', { name: 'Marking as read...' })).toBeVisible();
  release();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(sidebar(page).getByRole('button', { name: /^Updates/ })).toHaveAccessibleName(
    unreadBefore - 1 > 0 ? `Updates (${unreadBefore - 1} unread)` : 'Updates',
  );
  await updates.getByRole('button', { name: 'Close' }).click();

  await sidebar(page)
    .getByRole('button', { name: /^Tasks/ })
    .click();
  const tasks = page.getByRole('dialog', { name: /^Tasks/ });
  const complete = tasks.getByRole('button', { name: /^Mark as complete: / }).first();
  const title = ((await complete.getAttribute('aria-label')) ?? '').replace(
    'Mark as complete: ',
    '',
  );
  const completed = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/api/action-item/complete'),
  );
  await complete.click();
  const task = tasks
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(task).toHaveAttribute('data-completed', 'true');
  expect((await completed).status()).toBe(200);
  await tasks.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
  await sidebar(page)
    .getByRole('button', { name: /^Updates/ })
    .click();
  await expect(
    updates.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) }),
  ).toHaveAttribute('data-read', 'true');
  // Its messages are on screen (DOMPurify comes once the page is idle, TutoringLayout.tsx): a
  // message arriving between the press and the release of Close would move the button away.
  await expect(updates.locator('[aria-busy="true"]')).toHaveCount(0);
  await updates.getByRole('button', { name: 'Close' }).click();
  await sidebar(page)
    .getByRole('button', { name: /^Tasks/ })
    .click();
  const completedSection = tasks.getByRole('region', { name: /^Completed/ });
  await expect(
    completedSection
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) }),
  ).toHaveAttribute('data-completed', 'true');
});

test('launching the learning portal opens its login page in a new tab with the launch values', async ({
  page,
  context,
}) => {
  await context.route(`${learningPortalLogin}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Learning portal</title>' }),
  );
  await openDashboard(page);
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Launch learning portal for Sofia' }).click();
  const tab = await opened;
  await tab.waitForURL((url) => url.href.startsWith(learningPortalLogin));

  const query = Object.fromEntries(new URL(tab.url()).searchParams);
  expect(query).toMatchObject({
    name: 'Sofia & Maya',
    mathToolId: 'MT-58213',
    subjects: 'Math,Reading',
    grade: '4th',
    tutorId: 'TUT-1042',
    studentId: 'STU-20417',
  });
  // The callable's answer: the server's signed launch link for this student and tutor.
  const launch = new URL(query.url ?? '');
  expect(launch.searchParams.get('student')).toBe('STU-20417');
  expect(launch.searchParams.get('tutor')).toBe('TUT-1042');
  expect(launch.searchParams.get('signature')).toBeTruthy();
  await expect(
    page.getByRole('button', { name: 'Launch learning portal for Sofia' }),
  ).toBeEnabled();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer carries the sidebar, and the bell badge stands in for the popup', async ({
    page,
  }) => {
    await page.clock.install();
    await forceNewAnnouncement(page);
    const markedSeen: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/tutor/mark-announcement-read'))
        markedSeen.push(request.url());
    });
    await openDashboard(page);
    await expect(sidebar(page)).toBeHidden();

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    for (const name of ['Home', 'Log Out']) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    for (const name of ['Weekly Progress Report', 'Request a Sub', 'Report a bug']) {
      await expect(
        drawer.getByRole('link', { name: `${name} (opens in a new tab)` }),
      ).toBeVisible();
    }
    await drawer.getByRole('button', { name: /^Tasks/ }).click();
    await expect(drawer).toBeHidden();
    const tasks = page.getByRole('dialog', { name: /^Tasks/ });
    await expect(tasks).toBeVisible();
    await tasks.getByRole('button', { name: 'Close' }).click();

    const { announcements, readAnnouncementIds } = await page.evaluate(async () => {
      const response = await fetch('/api/portal-announcement', {
        headers: { Authorization: `Bearer ${localStorage.getItem('idToken')}` },
      });
      return response.json() as Promise<{
        announcements: { id: string }[];
        readAnnouncementIds: string[];
      }>;
    });
    const unread = announcements.filter(({ id }) => !readAnnouncementIds.includes(id)).length;
    const bell = page.getByRole('button', { name: /new updates?$/ });
    await expect(bell).toHaveAccessibleName(
      unread === 0 ? 'No new updates' : `${unread} new ${unread === 1 ? 'update' : 'updates'}`,
    );
    await bell.click();
    await expect(page.getByRole('dialog', { name: /^Updates/ })).toBeVisible();
    await page
      .getByRole('dialog', { name: /^Updates/ })
      .getByRole('button', { name: 'Close' })
      .click();

    // Well past the popup's 2 s: under 640 px it never opens, and nothing is marked seen.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await letTimePass(page, 3000);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(markedSeen).toEqual([]);
  });
});

test.describe('signed in without a tutor record', () => {
  test.use({ signedInAs: unknownTutor });

  test('an organisation account without a tutor record gets the account-not-found screen', async ({
    page,
  }) => {
    await page.goto('/tutoring');
    await expect(page.getByRole('alert')).toContainText(
      'We cannot find your account in our system.',
    );
    const steps = page.getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('Refresh this page');
    await expect(steps.nth(1)).toContainText('organisation e-mail (@tutoring.example.org)');
    await expect(steps.nth(2).getByRole('link', { name: /^report a bug/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out.');
  });
});

for (const viewport of viewports) {
  test(`axe at ${viewport.width} px on /tutoring, with each modal open`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await forceNewAnnouncement(page);
    const dataAnswered = dashboardDataAnswered(page);
    await openDashboard(page);
    await expect(page.getByRole('list', { name: 'Students' })).toBeVisible();

    if (viewport.width >= 640) {
      const popup = page.getByRole('dialog', { name: 'New Announcement' });
      await expect(popup).toBeVisible();
      await expectNoAxeViolations(page);
      await popup.getByRole('button', { name: 'Close' }).click();
    } else {
      // Well past the popup's 2 s after the data has loaded: under 640 px it never opens.
      await dataAnswered;
      await letTimePass(page, 2500);
      await page.waitForTimeout(500);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    const openFromSidebar = async (name: RegExp) => {
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page
          .getByRole('dialog', { name: 'Navigation menu' })
          .getByRole('button', { name })
          .click();
      } else {
        await sidebar(page).getByRole('button', { name }).click();
      }
    };
    for (const name of [/^Updates/, /^Tasks/]) {
      await openFromSidebar(name);
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }

    if (viewport.width < 768) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
