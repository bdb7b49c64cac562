import type { Page } from '@playwright/test';
import { expectNoAxeViolations, viewports } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { type GoogleAccount, maya, signInWithGooglePopup } from '../support/googleSignIn';
import {
  correspondentNamed,
  getStudentPathwayStatus,
  jordanLee,
  learningHubPath,
  readClipboard,
  signedInCorrespondents,
} from '../support/tutoringPages';

// Seeded pathways (apps/server/src/seed/demo-activity.ts): Sofia (4th) has lessons 1-2 of 5 done
// and no assessment result yet; Ethan failed his; Amara has a 'First Sessions' pathway; Liam has
// none; Jordan's Noah passed his.
const seededCheckInActivities = [
  'Ask your student about their week and one thing they enjoyed.',
  'Two quick review problems from the last session.',
  'Ask your student what they learned and what felt hard.',
];

// Maya signed in once through the emulator's Google popup; the tests start with her session (the
// sign-in itself is tutor-sign-in.spec.ts's subject).
test.use({ signedInAs: maya });

/** The tutoring area, as the signed-in tutor opens it: the dashboard has welcomed them. */
async function openTutoring(page: Page) {
  await page.goto('/tutoring');
  await expect(page).toHaveURL('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('idToken'))).toBeTruthy();
}

async function signInAs(page: Page, account: GoogleAccount) {
  await signInWithGooglePopup(page, account, () => page.goto('/tutoring'));
  await expect(page).toHaveURL('/tutoring');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('idToken'))).toBeTruthy();
}

async function openLearningHub(page: Page, studentId: string, firstName: string) {
  await page.goto(learningHubPath(studentId));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${firstName}'s Learning Hub`);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test.describe('learning pathway', () => {
  test('a tutor opens a Learning Hub and completes lessons, which stay completed', async ({
    page,
  }) => {
    await openTutoring(page);
    const sofia = correspondentNamed(await signedInCorrespondents(page), 'Sofia');
    // From the dashboard's student list, as a tutor would.
    await page.getByRole('link', { name: 'Learning pathway for Sofia' }).click();
    await expect(page).toHaveURL(learningHubPath(sofia.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sofia's Learning Hub");
    await expect(page).toHaveTitle("Sofia's Learning Hub");
    await expect(page.getByText('Grade 4 Math: Fractions')).toBeVisible();

    const intro = page.getByRole('region', { name: 'Introduction' });
    await expect(intro).toContainText('A lesson takes about 60 minutes.');
    const steps = intro.getByRole('list', { name: 'Session structure' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Check In');
    await expect(steps.nth(0)).toContainText('5 minutes');
    await expect(steps.nth(1)).toContainText('Lessons and Tasks');
    await expect(steps.nth(1)).toContainText('30-40 minutes');
    await expect(steps.nth(2)).toContainText('Wrap Up');
    await expect(steps.nth(2)).toContainText('5 minutes');
    const checkIn = (await steps.nth(0).locator('p').last().textContent())?.trim();
    expect(seededCheckInActivities).toContain(checkIn);

    const lessons = page.getByRole('region', { name: 'Lessons' });
    await expect(lessons.getByRole('heading', { level: 3 })).toHaveText([
      'Understanding fractions',
      'Comparing fractions',
      'Operations',
    ]);
    const checkbox = (name: string) => lessons.getByRole('checkbox', { name: `${name} completed` });
    await expect(checkbox('What is a fraction?')).toBeChecked();
    await expect(checkbox('Fractions on a number line')).toBeChecked();

    // Ticking a lesson with the keyboard reports it at once.
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/functions/updateLessonCompletionStatus') &&
        response.status() === 200,
    );
    await checkbox('Equivalent fractions').focus();
    await page.keyboard.press('Space');
    await expect(checkbox('Equivalent fractions')).toBeChecked();
    await reported;
    // A lesson marked by mistake: unticking it reports completed: false, and it stays unticked.
    const unmarked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/functions/updateLessonCompletionStatus') &&
        response.request().postDataJSON()?.data?.completed === false &&
        response.status() === 200,
    );
    await page.keyboard.press('Space');
    await expect(checkbox('Equivalent fractions')).not.toBeChecked();
    await unmarked;
    await page.reload();
    await expect(checkbox('Equivalent fractions')).not.toBeChecked();
    // Ticked again, it is completed again.
    const remarked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/functions/updateLessonCompletionStatus') &&
        response.status() === 200,
    );
    await checkbox('Equivalent fractions').focus();
    await page.keyboard.press('Space');
    await expect(checkbox('Equivalent fractions')).toBeChecked();
    await remarked;

    // Opening a lesson completes it too.
    const opened = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/functions/updateLessonCompletionStatus') &&
        response.status() === 200,
    );
    const popup = page.waitForEvent('popup');
    await lessons.getByRole('link', { name: /^4\. Comparing fractions/ }).click();
    await (await popup).close();
    await expect(checkbox('Comparing fractions')).toBeChecked();
    await opened;

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sofia's Learning Hub");
    await expect(checkbox('Equivalent fractions')).toBeChecked();
    await expect(checkbox('Comparing fractions')).toBeChecked();
    await expect(checkbox('Adding fractions with like denominators')).not.toBeChecked();
  });

  test("copies the post-assessment link ('Copied!') and the website link (the 'Copied!' dialog)", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTutoring(page);
    const sofia = correspondentNamed(await signedInCorrespondents(page), 'Sofia');
    await openLearningHub(page, sofia.id, 'Sofia');

    const assessment = page.getByRole('region', { name: 'Assessment' });
    await expect(assessment).toContainText('at least 30 minutes');
    await assessment.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(assessment.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = new URL(await readClipboard(page));
    expect(copied.origin + copied.pathname).toBe(
      'https://forms.example.org/post-assessment/fractions',
    );
    expect(Object.fromEntries(copied.searchParams)).toEqual({
      id: sofia.Student_ID,
      name: 'Sofia',
      grade: '4th',
    });
    // §4: the confirmation lasts 2 seconds.
    await expect(assessment.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible({
      timeout: 5000,
    });

    const website = page.getByRole('region', { name: 'Student Website' });
    await expect(website).toContainText(sofia.Tutoring_Code);
    await website.getByRole('button', { name: 'Copy Website Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copied!' });
    await expect(dialog).toContainText('The student website link is on your clipboard.');
    const websiteLink = await website.getByRole('link').first().getAttribute('href');
    expect(await readClipboard(page)).toBe(websiteLink);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(website.getByRole('button', { name: 'Copy Website Link' })).toBeFocused();
  });

  test('shows each assessment state with its links', async ({ page }) => {
    await openTutoring(page);
    const students = await signedInCorrespondents(page);

    const ethan = correspondentNamed(students, 'Ethan');
    await openLearningHub(page, ethan.id, 'Ethan');
    const failed = page.getByRole('region', { name: 'Assessment' });
    await expect(failed).toContainText('Thank you for giving the post-assessment');
    await expect(failed.getByRole('heading', { name: 'Additional Lessons' })).toBeVisible();
    await expect(failed.getByRole('link')).toHaveText([
      /^Revisiting ratio tables/,
      /^Unit rates in real life/,
    ]);

    // 'First Sessions': no intro, and the grade's unit-one pre-assessment comes next.
    const amara = correspondentNamed(students, 'Amara');
    await openLearningHub(page, amara.id, 'Amara');
    await expect(page.getByRole('region', { name: 'Lessons' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Introduction' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Session structure' })).toHaveCount(0);
    const next = page
      .getByRole('region', { name: 'Assessment' })
      .getByRole('link', { name: /^Go to Next Unit Pre-Assessment/ });
    const nextUrl = new URL((await next.getAttribute('href')) ?? '');
    expect(nextUrl.origin + nextUrl.pathname).toBe(
      'https://forms.example.org/pre-assessment/unit-1-grade-3rd',
    );
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({
      id: amara.Student_ID,
      name: 'Amara',
      grade: '3rd',
    });
    await expect(next).toHaveAttribute('target', '_blank');
  });

  test('shows the Spring Post-Assessment card for a student without a pathway', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTutoring(page);
    const liam = correspondentNamed(await signedInCorrespondents(page), 'Liam');
    await openLearningHub(page, liam.id, 'Liam');

    const card = page.getByRole('region', { name: 'Spring Post-Assessment' });
    await expect(page.getByRole('region', { name: 'Lessons' })).toHaveCount(0);
    const go = card.getByRole('link', { name: /^Go to Assessment/ });
    const href = new URL((await go.getAttribute('href')) ?? '');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      id: liam.Student_ID,
      name: 'Liam',
      grade: '5th',
    });
    await card.getByRole('button', { name: 'Copy Assessment Link' }).click();
    await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await readClipboard(page)).toBe(href.toString());
  });

  test.describe('signed in as Jordan first', () => {
    test.use({ signedInAs: jordanLee });

    test("cannot open another tutor's student's Learning Hub", async ({ page }) => {
      // Jordan (signed in earlier) sees his own student's passed assessment...
      await openTutoring(page);
      const noah = correspondentNamed(await signedInCorrespondents(page), 'Noah');
      await openLearningHub(page, noah.id, 'Noah');
      const passed = page.getByRole('region', { name: 'Assessment' });
      await expect(passed).toContainText('Proficient');
      await expect(
        passed.getByRole('link', { name: /^Go to Next Unit Pre-Assessment/ }),
      ).toHaveAttribute('href', /^https:\/\/forms\.example\.org\/pre-assessment\/equations\?/);

      // ...which Maya cannot open, and whose pathway is not even asked for.
      await page.goto('/logout');
      await expect(page.getByRole('link', { name: 'Return to home' })).toBeVisible();
      await signInAs(page, maya);
      const pathwayCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/functions/getStudentPathway'))
          pathwayCalls.push(request.url());
      });
      await page.goto(learningHubPath(noah.id));
      await expect(
        page.getByRole('heading', { name: "Can't find student information" }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learning Hub');
      await expect(page.getByText('Proficient')).toHaveCount(0);
      expect(pathwayCalls).toEqual([]);
      // The server refuses it anyway.
      expect(await getStudentPathwayStatus(page, noah.id)).toBe(404);
    });
  });
});

test.describe('session form, announcements and support', () => {
  test('the weekly session form is embedded, prefilled with the tutor', async ({ page }) => {
    await openTutoring(page);
    await page
      .getByRole('navigation', { name: 'Tutoring Dashboard' })
      .getByRole('link', { name: 'Weekly Session Form', exact: true })
      .click();
    await expect(page).toHaveURL('/tutoring/session-form');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly Session Form');
    const frame = page.getByTitle('Weekly session form');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.protocol).toBe('https:');
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      tutorID: 'TUT-1042',
      firstName: 'Maya',
      lastName: 'Chen',
      email: maya.email,
    });
    // §9: the form provider's page is 4000 px tall on a desktop.
    await expect.poll(async () => (await frame.boundingBox())?.height).toBe(4000);
  });

  test('announcements show as a dated timeline, newest first', async ({ page }) => {
    await openTutoring(page);
    await page
      .getByRole('navigation', { name: 'Tutoring Dashboard' })
      .getByRole('link', { name: 'Announcements', exact: true })
      .click();
    await expect(page).toHaveURL('/tutoring/announcements');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Announcements');
    const entries = page
      .getByRole('list', { name: 'Announcements, newest first' })
      .getByRole('listitem');
    await expect(entries.getByRole('heading', { level: 2 })).toHaveText([
      'Post-assessments open next week',
      'Office hours move to Thursdays',
      'Welcome to the spring term',
    ]);
    await expect(entries.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(entries.first().locator('em')).toHaveText('30 minutes');
  });

  test('support lists 1-on-1 Support, Resources and Match Support', async ({ page }) => {
    await openTutoring(page);
    await page
      .getByRole('navigation', { name: 'Tutoring Dashboard' })
      .getByRole('link', { name: 'Support', exact: true })
      .click();
    await expect(page).toHaveURL('/tutoring/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    const main = page.getByRole('main');
    for (const group of ['1-on-1 Support', 'Resources', 'Match Support']) {
      const links = main.getByRole('region', { name: group }).getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(3);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('href', /^(https:\/\/|mailto:)/);
      }
    }
  });
});

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a Learning Hub with intro, lessons and an assessment to give; 'Copied!' and its dialog", async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openTutoring(page);
      const sofia = correspondentNamed(await signedInCorrespondents(page), 'Sofia');
      await openLearningHub(page, sofia.id, 'Sofia');
      await expectNoAxeViolations(page);
      await page
        .getByRole('region', { name: 'Assessment' })
        .getByRole('button', { name: 'Copy to Clipboard' })
        .click();
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Copy Website Link' }).click();
      await expect(page.getByRole('dialog', { name: 'Copied!' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("Learning Hubs: failed, 'First Sessions', no pathway, not the tutor's student", async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openTutoring(page);
      const students = await signedInCorrespondents(page);
      for (const name of ['Ethan', 'Amara', 'Liam']) {
        await openLearningHub(page, correspondentNamed(students, name).id, name);
        await expectNoAxeViolations(page);
      }
      await page
        .getByRole('region', { name: 'Spring Post-Assessment' })
        .getByRole('button', { name: 'Copy Assessment Link' })
        .click();
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(learningHubPath('00000000-0000-4000-8000-000000000000'));
      await expect(
        page.getByRole('heading', { name: "Can't find student information" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('session form, announcements and support', async ({ page }) => {
      test.setTimeout(90_000);
      await openTutoring(page);
      await page.goto('/tutoring/session-form');
      await expect(page.getByTitle('Weekly session form')).toBeAttached();
      await expectNoAxeViolations(page);

      await page.goto('/tutoring/announcements');
      await expect(page.getByRole('list', { name: 'Announcements, newest first' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/tutoring/support');
      await expect(page.getByRole('region', { name: 'Match Support' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
