import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, viewports } from '../support/axe';
import { expect, test } from '../support/fixtures';
import {
  type Applicant,
  applicants,
  devFormsPath,
  devFormsSection,
  signInWithMagicLink,
  submitDevForm,
} from '../support/onboardingApplicants';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Onboarding' });
const main = (page: Page) => page.getByRole('main');
const taskCard = (page: Page, name: string) =>
  main(page).getByRole('article', { name, exact: true });

async function expectCard(page: Page, name: string, status: 'Completed' | 'Not Completed') {
  const card = taskCard(page, name);
  if (status === 'Completed') {
    await expect(card).toContainText('Completed');
    await expect(card).not.toContainText('Not Completed');
  } else {
    await expect(card).toContainText('Not Completed');
  }
}

/** The dashboard, reached the way an applicant does: the sidebar's Dashboard link. */
async function openDashboard(page: Page, applicant: Applicant) {
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/onboarding');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
    `Welcome, ${applicant.firstName}!`,
  );
}

/** Runs `open` (a click on a link that opens a new tab) and returns the new tab. */
async function newTabFrom(context: BrowserContext, open: () => Promise<unknown>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await open();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

async function expectStep(page: Page, title: string, state: string) {
  const steps = main(page).getByRole('list', { name: 'Onboarding progress' });
  await expect(steps.getByRole('heading', { name: `${state}: ${title}` })).toBeVisible();
}

test.describe('onboarding flow', () => {
  test('an applicant signs in by magic link, completes the four tasks through the provider forms and signs out', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const sam = applicants.sam;

    await signInWithMagicLink(page, sam);
    await expect(page).toHaveURL('/onboarding');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Welcome, Sam!');
    for (const name of ['Waiver', 'Training', 'Background Check', 'Availability']) {
      await expectCard(page, name, 'Not Completed');
    }
    await expectStep(page, 'Onboarding Steps', 'Current step');
    await expectStep(page, 'Wait to get matched', 'Upcoming');
    await expect(nav(page)).toContainText('Complete your onboarding tasks');
    await expect(nav(page)).toContainText('Stage 1 of 3: Application Accepted');

    // Waiver: the page's link to the form opens the provider's page (the dev stand-in); the page
    // itself turns into the thank-you once the signed waiver reaches the server.
    await taskCard(page, 'Waiver').getByRole('link', { name: 'Start Waiver' }).click();
    await expect(page).toHaveURL('/onboarding/waiver');
    const waiverForm = await newTabFrom(context, () =>
      main(page)
        .getByRole('link', { name: /open the waiver form in a new tab/ })
        .click(),
    );
    await expect(waiverForm).toHaveURL(
      /\/api\/dev\/forms\?firstName=Sam&lastName=Rivera&email=sam\.rivera%40example\.com$/,
    );
    await submitDevForm(waiverForm, sam, 'Submit the waiver');
    await waiverForm.close();
    await expect(main(page).getByText('Thank you for signing the waiver!')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Waiver (Completed)' })).toBeVisible();
    await openDashboard(page, sam);
    await expectCard(page, 'Waiver', 'Completed');
    await expectCard(page, 'Training', 'Not Completed');

    // Training, the recorded way: Tutoring 101, then the knowledge check in a new tab.
    await taskCard(page, 'Training').getByRole('link', { name: 'Start Training' }).click();
    await expect(main(page)).toContainText('2-hour live virtual session');
    await main(page).getByRole('link', { name: "I can't make any of these dates" }).click();
    await expect(page).toHaveURL('/onboarding/async-training');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Tutoring 101');
    const knowledgeCheck = await newTabFrom(context, () =>
      main(page)
        .getByRole('link', { name: /Open the knowledge check/ })
        .click(),
    );
    await expect(knowledgeCheck).toHaveURL('/onboarding/training/knowledge-check');
    await expect(knowledgeCheck.getByRole('heading', { level: 1 })).toHaveText(
      'Tutoring 101 Knowledge Check',
    );
    const checkForm = await newTabFrom(context, () =>
      knowledgeCheck
        .getByRole('main')
        .getByRole('link', { name: /open the knowledge check in a new tab/ })
        .click(),
    );
    await expect(checkForm).toHaveURL(/formType=asyncknowledgecheck&tutorID=APP-30117$/);
    await submitDevForm(checkForm, sam, 'Submit the knowledge check');
    await checkForm.close();
    await expect(
      knowledgeCheck.getByText('Knowledge check submitted. Training Completed!'),
    ).toBeVisible();
    await knowledgeCheck.close();
    await openDashboard(page, sam);
    await expectCard(page, 'Training', 'Completed');

    // Background check, outside California: the online check's provider clears it.
    await taskCard(page, 'Background Check')
      .getByRole('link', { name: 'Start Background Check' })
      .click();
    await main(page).getByRole('tab', { name: 'Residents Outside of California' }).click();
    await main(page).getByRole('button', { name: 'Step 1: Create your account' }).click();
    const onlineCheck = await newTabFrom(context, () =>
      main(page)
        .getByRole('link', { name: /Start the online background check/ })
        .click(),
    );
    await expect(onlineCheck).toHaveURL(devFormsPath);
    await submitDevForm(onlineCheck, sam, 'Clear the background check');
    await onlineCheck.close();
    await openDashboard(page, sam);
    await expectCard(page, 'Background Check', 'Completed');
    await expectCard(page, 'Availability', 'Not Completed');
    await expectStep(page, 'Onboarding Steps', 'Current step');

    // Availability: in development Sam's form link is the server's stand-in page (with his tutorID
    // appended), which takes the submission. The open page notices it and confirms.
    await taskCard(page, 'Availability').getByRole('link', { name: 'Start Availability' }).click();
    await expect(main(page).getByTitle('Weekly availability form')).toHaveAttribute(
      'src',
      `${new URL(page.url()).origin}/api/dev/forms?tutorID=APP-30117`,
    );
    const availabilityForm = await context.newPage();
    await availabilityForm.goto(devFormsPath);
    await devFormsSection(availabilityForm, sam)
      .getByRole('textbox', { name: /Availability/ })
      .fill('Wednesday 15:30-17:30');
    await submitDevForm(availabilityForm, sam, 'Submit availability');
    await availabilityForm.close();
    const submitted = page.getByRole('dialog', { name: 'Availability Submitted!' });
    await expect(submitted).toBeVisible();
    await submitted.getByRole('link', { name: 'Back to the dashboard' }).click();

    // All four done: the server moves Sam on, the step advances and onboarding is complete.
    await expect(page).toHaveURL('/onboarding');
    const complete = page.getByRole('dialog', { name: 'Onboarding complete!' });
    await expect(complete).toBeVisible();
    await expect(complete).toContainText('temporary login');
    await complete.getByRole('button', { name: 'Close' }).click();
    await expect(complete).toBeHidden();
    for (const name of ['Waiver', 'Training', 'Background Check', 'Availability']) {
      await expectCard(page, name, 'Completed');
    }
    await expectStep(page, 'Onboarding Steps', 'Completed');
    await expectStep(page, 'Wait to get matched', 'Current step');
    await expect(nav(page)).toContainText('Stage 2 of 3: Ready to Tutor');

    // Sign out from the user menu.
    await nav(page)
      .getByRole('button', { name: /Sam Rivera/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page).toHaveURL('/logout');
    await expect(page.getByRole('heading', { name: 'You have been logged out.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('magicUserId'))).toBeNull();
    await page.goto('/onboarding');
    await expect(page).toHaveURL('/auth');
  });
});

/** Every onboarding page an applicant can open, and its title. */
const pages: ReadonlyArray<{ path: string; title: string | RegExp }> = [
  { path: '/onboarding/waiver', title: 'Waiver' },
  { path: '/onboarding/training', title: 'Training' },
  { path: '/onboarding/async-training', title: 'Tutoring 101' },
  { path: '/onboarding/training/knowledge-check', title: 'Tutoring 101 Knowledge Check' },
  { path: '/onboarding/live-training/knowledge-check', title: 'Live Training Knowledge Check' },
  { path: '/onboarding/knowledge-check-complete', title: 'Congratulations!' },
  { path: '/onboarding/background-check', title: 'Background Check' },
  { path: '/onboarding/availability', title: 'Availability' },
  { path: '/onboarding/chat', title: 'Onboarding Chat' },
  { path: '/onboarding/chat/schedule', title: 'Book your onboarding chat' },
  { path: '/onboarding/workbook', title: 'Tutor Workbook' },
  { path: '/onboarding/support', title: 'Onboarding Support' },
];

/**
 * Opens each page in turn and runs axe on it at both widths, 1280 then 390 px, in one visit: the
 * onboarding pages lay out with media and container queries only, so the page is laid out again at
 * each width without loading it again. Ends at 390 px.
 */
async function checkPages(
  page: Page,
  list: ReadonlyArray<{ path: string; title: string | RegExp; ready?: (page: Page) => Locator }>,
) {
  for (const { path, title, ready } of list) {
    await page.setViewportSize(viewports[0]);
    await page.goto(path);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await expect(
        main(page).getByRole('heading', { level: 1 }),
        `${path} at ${viewport.name}`,
      ).toHaveText(title);
      if (ready) await expect(ready(page)).toBeVisible();
      await expect(page.getByRole('progressbar', { name: /^Loading your onboarding/ })).toHaveCount(
        0,
      );
      await expectNoAxeViolations(page, `axe on ${path} at ${viewport.width} px`);
    }
  }
}

test.describe('onboarding accessibility (axe, 1280 and 390 px)', () => {
  test('every page with nothing done yet, and the chat booking the dashboard sends to', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInWithMagicLink(page, applicants.casey);
    // Casey has no onboarding chat: the dashboard sends them to book it.
    await expect(page).toHaveURL('/onboarding/chat/schedule');
    await checkPages(page, [{ path: '/onboarding', title: 'Book your onboarding chat' }, ...pages]);
  });

  test('the completed states and the onboarding-complete popup (Ready to Tutor)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInWithMagicLink(page, applicants.taylor);
    await expect(page).toHaveURL('/onboarding');
    await checkPages(page, [
      {
        path: '/onboarding',
        title: 'Welcome, Taylor!',
        ready: (current) => current.getByRole('dialog', { name: 'Onboarding complete!' }),
      },
      ...pages.filter(({ path }) =>
        [
          '/onboarding/waiver',
          '/onboarding/training',
          '/onboarding/training/knowledge-check',
          '/onboarding/background-check',
          '/onboarding/availability',
          '/onboarding/workbook',
        ].includes(path),
      ),
    ]);
  });

  test('the dashboard half-way (Alex); under 768 px the sidebar is a drawer, and the keys work', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInWithMagicLink(page, applicants.alex);
    await expect(page).toHaveURL('/onboarding');
    await checkPages(page, [{ path: '/onboarding', title: 'Welcome, Alex!' }]);

    // checkPages ends at 390 px: the sidebar is behind the menu button.
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(drawer.getByRole('link', { name: 'Waiver (Completed)' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Availability (Not completed)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await drawer.getByRole('link', { name: 'Background Check (Not completed)' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/onboarding/background-check');

    // The Live Scan tabs follow the arrow keys.
    const california = main(page).getByRole('tab', { name: 'Living in or Visiting California' });
    await california.focus();
    await page.keyboard.press('ArrowRight');
    const outside = main(page).getByRole('tab', { name: 'Residents Outside of California' });
    await expect(outside).toBeFocused();
    await expect(outside).toHaveAttribute('aria-selected', 'true');
  });

  test('the dashboard once matched (Jamie), with the onboarding-complete popup', async ({
    page,
  }) => {
    await signInWithMagicLink(page, applicants.jamie);
    await expect(page).toHaveURL('/onboarding');
    await checkPages(page, [
      {
        path: '/onboarding',
        title: 'Welcome, Jamie!',
        ready: (current) => current.getByRole('dialog', { name: 'Onboarding complete!' }),
      },
    ]);
  });
});
