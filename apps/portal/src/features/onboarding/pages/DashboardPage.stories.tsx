import type { Meta, StoryObj } from '@storybook/react-vite';
import { applicantTwoTasksDone, scenarios } from '@tutoring/api/mocks/fixtures';
import { revealed } from '@tutoring/ui/lib/storyOverlays/revealed';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { onboardingSupportLinks } from '../../../config/onboardingLinks';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import {
  type Canvas,
  firstRender,
  openAreaNavigation,
} from '../../../testing/storybook/screenPlay';
import { DashboardPage } from './DashboardPage';

/**
 * /onboarding (§2), the applicant's dashboard inside the onboarding layout: the greeting, the four
 * task cards under 'Onboarding Steps', the closing 'Wait to get matched', and the sidebar with the
 * tasks marked completed or not and the current step. The applicant is signed in with a magic
 * link; the record comes from POST /onboarding-tutor (the mock db's applicant).
 */
const meta = {
  title: 'Screens/Onboarding/Dashboard',
  component: DashboardPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type TaskName = 'Waiver' | 'Training' | 'Background Check' | 'Availability';
type TaskState = Readonly<Record<TaskName, boolean>>;
const taskNames: readonly TaskName[] = ['Waiver', 'Training', 'Background Check', 'Availability'];
const taskRoutes: Readonly<Record<TaskName, string>> = {
  Waiver: '/onboarding/waiver',
  Training: '/onboarding/training',
  'Background Check': '/onboarding/background-check',
  Availability: '/onboarding/availability',
};

/** The four task cards (§2), each linking to its route and marked Completed or Not Completed. */
async function expectTaskCards(canvas: Canvas, done: TaskState) {
  for (const name of taskNames) {
    const card = within(canvas.getByRole('article', { name }));
    await expect(card.getByText(done[name] ? 'Completed' : 'Not Completed')).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(`${name}$`) })).toHaveAttribute(
      'href',
      taskRoutes[name],
    );
  }
}

/** §4: the 'Onboarding Steps' and 'Wait to get matched' steps as past, current or upcoming. */
async function expectSteps(canvas: Canvas, tasks: string, matching: string) {
  await expect(
    canvas.getByRole('heading', { level: 2, name: `${tasks}: Onboarding Steps` }),
  ).toBeVisible();
  await expect(
    canvas.getByRole('heading', { level: 2, name: `${matching}: Wait to get matched` }),
  ).toBeVisible();
}

/** The dashboard has loaded: 'Welcome, {first name}!' (§2 greets the user by first name). */
async function expectGreeting(canvas: Canvas, firstName: string) {
  await expect(
    await canvas.findByRole('heading', { level: 1, name: `Welcome, ${firstName}!` }, firstRender),
  ).toBeVisible();
}

/** While POST /onboarding-tutor is answering: the layout's loading state. */
export const Loading: Story = {
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { behaviour: { 'POST /onboarding-tutor': { delay: 'infinite' } } },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading your onboarding' }, firstRender),
    ).toBeVisible();
  },
};

/**
 * The server fails: the §8 code, then the message with the request's reference for support, a
 * retry and a way to sign out.
 */
export const ServerError: Story = {
  name: 'Server error',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    {
      behaviour: {
        'POST /onboarding-tutor': {
          fail: {
            status: 'INTERNAL',
            message: 'The onboarding service is not answering.',
            requestId: 'req-5d1e8a40',
          },
        },
      },
    },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Your onboarding could not be loaded' },
        firstRender,
      ),
    ).toBeVisible();
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      /^internal\s*The onboarding service is not answering\.\s*Reference: req-5d1e8a40$/,
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  },
};

/** No applicant has the session's e-mail (404): how to find the right link, and support. */
export const ApplicationNotFound: Story = {
  name: 'Application not found',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.noApplicant },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'We cannot find your application' },
        firstRender,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /^not-found\s*No onboarding applicant with this e-mail\.$/,
    );
    await expect(canvas.getByRole('link', { name: /Contact Onboarding Support/ })).toHaveAttribute(
      'href',
      onboardingSupportLinks.contactOnboardingSupport,
    );
    await expect(canvas.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  },
};

/** Aisha has had her onboarding chat and done no task: 4 of 4 to do, the tasks step current. */
export const NoTasksDone: Story = {
  name: '0 tasks done',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantNoTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectGreeting(canvas, 'Aisha');
    await expect(
      canvas.getByText(
        'Complete the four onboarding tasks below, in any order. 4 of 4 still to do.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText(/^Your onboarding chat: .+2026/)).toBeVisible();
    await expectTaskCards(canvas, {
      Waiver: false,
      Training: false,
      'Background Check': false,
      Availability: false,
    });
    await expectSteps(canvas, 'Current step', 'Upcoming');
  },
};

/** Sam (the default applicant) has signed the waiver. */
export const OneTaskDone: Story = {
  name: '1 task done',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantOneTaskDone },
  ),
  play: async ({ canvas }) => {
    await expectGreeting(canvas, 'Sam');
    await expect(canvas.getByText(/3 of 4 still to do\.$/)).toBeVisible();
    await expectTaskCards(canvas, {
      Waiver: true,
      Training: false,
      'Background Check': false,
      Availability: false,
    });
    await expectSteps(canvas, 'Current step', 'Upcoming');
  },
};

/** Tomás: waiver and availability done (any order, §4), training and background check to do. */
export const TwoTasksDone: Story = {
  name: '2 tasks done',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantTwoTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectGreeting(canvas, 'Tomás');
    await expect(canvas.getByText(/2 of 4 still to do\.$/)).toBeVisible();
    await expectTaskCards(canvas, {
      Waiver: true,
      Training: false,
      'Background Check': false,
      Availability: true,
    });
    await expectSteps(canvas, 'Current step', 'Upcoming');
  },
};

/**
 * Grace has done all four, still 'Application Accepted': 'Onboarding Steps' is complete (§4),
 * 'Wait to get matched' is the current step, and no popup yet.
 */
export const AllTasksDone: Story = {
  name: 'All 4 tasks done',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantAllTasksDone },
  ),
  play: async ({ canvas, canvasElement }) => {
    await expectGreeting(canvas, 'Grace');
    await expect(
      canvas.getByText('You have completed every onboarding task. Thank you!'),
    ).toBeVisible();
    await expectTaskCards(canvas, {
      Waiver: true,
      Training: true,
      'Background Check': true,
      Availability: true,
    });
    await expectSteps(canvas, 'Completed', 'Current step');
    await expect(screen.queryByRole('dialog', { name: 'Onboarding complete!' })).toBeNull();
    // The sidebar (from 768 px; the drawer stays closed here) names the same current step.
    const sidebar = within(canvasElement).queryByRole('navigation', { name: 'Onboarding' });
    if (sidebar) await expect(within(sidebar).getByText('Wait to get matched')).toBeVisible();
  },
};

/** §2: without an interview date the dashboard sends Ben to book his onboarding chat first. */
export const NoInterviewDate: Story = {
  name: 'No interview date (redirects to chat scheduling)',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantWithoutInterview },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Book your onboarding chat' },
        firstRender,
      ),
    ).toBeVisible();
    await expect(document.title).toBe('Book your onboarding chat · Onboarding');
    await expect(canvas.getByText(/^Welcome, Ben! Your first step is a 20-minute/)).toBeVisible();
    await expect(canvas.getByTitle('Onboarding chat times').tagName).toBe('IFRAME');
    await waitFor(() =>
      expect(canvas.queryByRole('progressbar', { name: 'Loading available times' })).toBeNull(),
    );
    await expect(canvas.queryByRole('heading', { name: /^Welcome, Ben!$/ })).toBeNull();
  },
};

/** The 'Onboarding complete!' popup (§2): the Tutor Portal, the temporary login, the org e-mail. */
async function expectOnboardingCompletePopup(firstName: string) {
  const popup = within(
    await revealed(screen.findByRole('dialog', { name: 'Onboarding complete!' }, firstRender)),
  );
  await expect(popup.getByText(new RegExp(`^Congratulations, ${firstName}!`))).toBeVisible();
  await expect(popup.getByText(/temporary login/)).toBeVisible();
  await expect(popup.getByText(/Reset your password/)).toBeVisible();
  await expect(popup.getByText(/organisation e-mail/)).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Go to the Tutor Portal' })).toHaveAttribute(
    'href',
    '/tutoring',
  );
}

/** Leila's status is 'Ready to Tutor', a final status: the popup; she waits to get matched. */
export const ReadyToTutor: Story = {
  name: 'Ready to Tutor (Onboarding complete! popup)',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantReadyToTutor },
  ),
  play: async ({ canvas }) => {
    await expectOnboardingCompletePopup('Leila');
    // Behind the modal (hidden from assistive technology while it is open).
    await expect(
      canvas.getByRole('heading', {
        level: 2,
        name: 'Current step: Wait to get matched',
        hidden: true,
      }),
    ).toBeInTheDocument();
  },
};

/** Owen is 'Matched', the other final status: the popup, and every step behind him. */
export const Matched: Story = {
  name: 'Matched (Onboarding complete! popup)',
  parameters: screenParameters(
    { path: '/onboarding', session: 'applicant' },
    { seed: scenarios.applicantMatched },
  ),
  play: async ({ canvas }) => {
    await expectOnboardingCompletePopup('Owen');
    await expect(
      canvas.getByRole('heading', {
        level: 2,
        name: 'Completed: Wait to get matched',
        hidden: true,
      }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText('You have been matched with a student. Welcome to the team!'),
    ).toBeInTheDocument();
  },
};

/** The onboarding sidebar's tasks, each marked completed or not completed (§2). */
async function expectSidebarTasks(nav: Canvas, done: TaskState) {
  for (const name of taskNames) {
    await expect(
      nav.getByRole('link', { name: `${name} (${done[name] ? 'Completed' : 'Not completed'})` }),
    ).toHaveAttribute('href', taskRoutes[name]);
  }
}

/**
 * The sidebar of §2 (in the drawer under 768 px): the Dashboard with Tomás's tasks marked, the
 * Support links, the current step from the status, and the user menu with name, e-mail and Sign
 * Out.
 */
export const Sidebar: Story = {
  name: 'Sidebar: tasks, current step and user menu',
  parameters: {
    ...screenParameters(
      { path: '/onboarding', session: 'applicant' },
      { seed: scenarios.applicantTwoTasksDone },
    ),
    // Below 768 px the sidebar is the drawer behind the Menu button, which the play opens.
    testRunner: { playAtEachWidth: true },
  },
  play: async ({ canvas, canvasElement }) => {
    await expectGreeting(canvas, 'Tomás');
    const nav = await openAreaNavigation(canvasElement, 'Onboarding');
    await expect(nav.getByText('Onboarding', { selector: 'p' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectSidebarTasks(nav, {
      Waiver: true,
      Training: false,
      'Background Check': false,
      Availability: true,
    });
    const support = within(nav.getByRole('list', { name: 'Support' }));
    for (const name of [
      'FAQ',
      'Tutor Resources',
      'Meet with Onboarding Support',
      'Contact Onboarding Support',
    ]) {
      await expect(support.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    // §2: the current onboarding step is derived from the status (Application Accepted).
    await expect(nav.getByText('Complete your onboarding tasks')).toBeVisible();
    await expect(nav.getByText('Stage 1 of 3: Application Accepted')).toBeVisible();
    const account = nav.getByRole('button', { name: /Tomás Herrera/ });
    await expect(account).toHaveTextContent(applicantTwoTasksDone.email);
    await userEvent.click(account);
    const menu = within(await revealed(screen.findByRole('dialog', { name: 'Account' })));
    await expect(menu.getByText('Tomás Herrera')).toBeVisible();
    await expect(menu.getByText(applicantTwoTasksDone.email)).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  },
};

/** At phone width the menu button opens the sidebar in a drawer (Sam: the waiver signed). */
export const MobileDrawer: Story = {
  name: 'Mobile drawer open',
  parameters: {
    ...screenParameters({ path: '/onboarding', session: 'applicant' }),
    testRunner: { widths: [390] },
  },
  play: async ({ canvas }) => {
    await expectGreeting(canvas, 'Sam');
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    const drawer = within(await revealed(screen.findByRole('dialog', { name: 'Navigation menu' })));
    const nav = within(drawer.getByRole('navigation', { name: 'Onboarding' }));
    await expectSidebarTasks(nav, {
      Waiver: true,
      Training: false,
      'Background Check': false,
      Availability: false,
    });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByText('Complete your onboarding tasks')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
  },
};
