import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  applicantNoTasksDone,
  applicantOneTaskDone,
  scenarios,
  trainingEventIds,
} from '@tutoring/api/mocks/fixtures';
import type { MockDb } from '@tutoring/api/mocks/types';
import { revealed } from '@tutoring/ui/lib/storyOverlays/revealed';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { backgroundCheckLinks, trainingLinks } from '../../../config/onboardingLinks';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import { type Canvas, firstRender } from '../../../testing/storybook/screenPlay';
import { WaiverPage } from './WaiverPage';

/**
 * The onboarding area's pages besides the dashboard (§2), one story per page and per state: the
 * four tasks (waiver, training with its recorded variant and knowledge checks, background check,
 * availability), the onboarding chat and its booking, the workbook and support. Each opens at its
 * own URL inside the onboarding layout, for an applicant signed in with a magic link.
 */
const meta = {
  title: 'Screens/Onboarding/Tasks',
  component: WaiverPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WaiverPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A call to the mock server and the re-render it causes, on a busy CI machine. */
const serverAnswer = { timeout: 5000 };

async function expectPageTitle(canvas: Canvas, title: string) {
  await expect(
    await canvas.findByRole('heading', { level: 1, name: title }, firstRender),
  ).toBeVisible();
}

/**
 * The embedded provider page (form, scheduling widget, video) is on the page under its title and
 * has loaded: its spinner is gone. The workbench shows a local stand-in in the iframe.
 */
async function expectEmbed(canvas: Canvas, title: string, loadingLabel: string) {
  await expect(canvas.getByTitle(title).tagName).toBe('IFRAME');
  await waitFor(() => expect(canvas.queryByRole('progressbar', { name: loadingLabel })).toBeNull());
}

/**
 * The provider page an embed shows, as the page's new-tab link (for when the embed does not
 * show) opens it: the same URL, prefilled with the same values.
 */
function providerUrl(canvas: Canvas, linkName: RegExp): URL {
  return new URL(canvas.getByRole('link', { name: linkName }).getAttribute('href') ?? '');
}

/** Aisha has not signed yet: the embedded waiver form, prefilled with her name and e-mail. */
export const Waiver: Story = {
  parameters: screenParameters(
    { path: '/onboarding/waiver', session: 'applicant' },
    { seed: scenarios.applicantNoTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Waiver');
    await expect(canvas.getByText('You must be at least 16 years old to volunteer.')).toBeVisible();
    await expect(
      canvas.getByText('The agreement is governed by the laws of the State of California.'),
    ).toBeVisible();
    await expectEmbed(canvas, 'Volunteer waiver form', 'Loading the waiver form');
    const query = providerUrl(canvas, /open the waiver form in a new tab/).searchParams;
    await expect(query.get('firstName')).toBe(applicantNoTasksDone.firstName);
    await expect(query.get('lastName')).toBe(applicantNoTasksDone.lastName);
    await expect(query.get('email')).toBe(applicantNoTasksDone.email);
  },
};

/** Sam has signed: a thank-you and the six-section agreement (age 16, California law). */
export const WaiverCompleted: Story = {
  name: 'Waiver completed',
  parameters: screenParameters({ path: '/onboarding/waiver', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Waiver');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      /^Thank you for signing the waiver!/,
    );
    const agreement = within(canvas.getByRole('article', { name: 'Volunteer Tutor Agreement' }));
    const sections = agreement.getAllByRole('heading', { level: 3 });
    await expect(sections.map((heading) => heading.textContent)).toEqual([
      '1. Volunteer Tutor',
      '2. Code of Conduct',
      '3. Representations',
      '4. Waiver and Release',
      '5. Indemnification',
      '6. General',
    ]);
    await expect(agreement.getByText(/you are at least/)).toHaveTextContent(
      'you are at least 16 years old',
    );
    await expect(agreement.getByText('State of California')).toBeVisible();
    await expect(canvas.queryByTitle('Volunteer waiver form')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  },
};

/** Sam has not trained: the 2-hour live session, its dates, and the way to the recorded one. */
export const Training: Story = {
  parameters: screenParameters({ path: '/onboarding/training', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Training');
    await expect(canvas.getByText(/Training is a 2-hour live virtual session/)).toBeVisible();
    await expectEmbed(canvas, 'Live training dates', 'Loading training dates');
    const query = providerUrl(canvas, /open the training dates in a new tab/).searchParams;
    await expect(query.get('email')).toBe(applicantOneTaskDone.email);
    await expect(query.get('tutorID')).toBe(applicantOneTaskDone.tutorId);
    await expect(
      canvas.getByRole('link', { name: "I can't make any of these dates" }),
    ).toHaveAttribute('href', '/onboarding/async-training');
  },
};

/**
 * Sam books a date in the scheduling widget, which tells the page (a message from its origin):
 * the portal registers him for the event (addEventAttendee) and says where the invitation went.
 */
export const TrainingRegistered: Story = {
  name: 'Training: registered for a date',
  parameters: screenParameters({ path: '/onboarding/training', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Training');
    await expectEmbed(canvas, 'Live training dates', 'Loading training dates');
    // What the widget posts once a date is booked (useTrainingRegistration); the page accepts it
    // from the scheduling provider's origin, by default the server's own development page.
    const widget = providerUrl(canvas, /open the training dates in a new tab/);
    window.postMessage(
      { type: 'scheduling.event_scheduled', eventId: trainingEventIds[0] },
      widget.origin,
    );
    const registered = await canvas.findByText("You're registered.", {}, serverAnswer);
    await expect(registered.closest('[role="status"]')).toHaveTextContent(
      `We have e-mailed the invitation to ${applicantOneTaskDone.email}.`,
    );
  },
};

/** After a live session, one step left: the live training knowledge check. */
export const TrainingAttended: Story = {
  name: 'Training: live session attended',
  parameters: screenParameters(
    { path: '/onboarding/training', session: 'applicant' },
    { seed: { applicant: { ...applicantOneTaskDone, typeOfTrainingCompleted: true } } },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Training');
    await expect(canvas.getByText('You attended a live training.')).toBeVisible();
    await expectEmbed(canvas, 'Live training dates', 'Loading training dates');
    await expect(
      canvas.getByRole('link', { name: 'live training knowledge check' }),
    ).toHaveAttribute('href', '/onboarding/live-training/knowledge-check');
  },
};

/** Grace passed the knowledge check: 'Training Completed', refreshers and demo-account practice. */
export const TrainingCompleted: Story = {
  name: 'Training Completed',
  parameters: screenParameters(
    { path: '/onboarding/training', session: 'applicant' },
    { seed: scenarios.applicantAllTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Training');
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Training Completed/);
    const refreshers = within(
      canvas.getByRole('heading', { level: 2, name: 'Refreshers' }).closest('section') ??
        document.body,
    );
    await expect(
      refreshers.getByRole('link', { name: /Watch the recorded training/ }),
    ).toHaveAttribute('href', trainingLinks.recordedTraining);
    await expect(
      refreshers.getByRole('link', { name: /Join a live training event again/ }),
    ).toHaveAttribute('href', trainingLinks.liveTrainingEvent);
    await expect(refreshers.getByRole('link', { name: /Drop in to office hours/ })).toHaveAttribute(
      'href',
      trainingLinks.officeHours,
    );
    await expect(canvas.getByRole('heading', { level: 3, name: 'Math tool' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Reading tool' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /math tool demo/ })).toHaveAttribute(
      'href',
      trainingLinks.mathToolDemo,
    );
    await expect(canvas.getByRole('link', { name: /reading tool demo/ })).toHaveAttribute(
      'href',
      trainingLinks.readingToolDemo,
    );
    await expect(canvas.queryByTitle('Live training dates')).toBeNull();
  },
};

/** 'Tutoring 101': the recorded training, and the knowledge check in a new tab (§2). */
export const AsyncTraining: Story = {
  name: 'Async training (Tutoring 101)',
  parameters: screenParameters({ path: '/onboarding/async-training', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Tutoring 101');
    await expectEmbed(canvas, 'Tutoring 101 training video', 'Loading the training video');
    await expect(
      canvas.getByText('Submitting the knowledge check is required to complete training.'),
    ).toBeVisible();
    const check = canvas.getByRole('link', { name: /Open the knowledge check/ });
    await expect(check).toHaveAttribute('href', '/onboarding/training/knowledge-check');
    await expect(check).toHaveAttribute('target', '_blank');
  },
};

/** After the recorded training: the form prefilled with 'asyncknowledgecheck' and the tutor ID. */
export const KnowledgeCheck: Story = {
  name: 'Knowledge check (recorded training)',
  parameters: screenParameters({
    path: '/onboarding/training/knowledge-check',
    session: 'applicant',
  }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Tutoring 101 Knowledge Check');
    await expectEmbed(canvas, 'Tutoring 101 Knowledge Check', 'Loading the knowledge check');
    const query = providerUrl(canvas, /open the knowledge check in a new tab/).searchParams;
    await expect(query.get('formType')).toBe('asyncknowledgecheck');
    await expect(query.get('tutorID')).toBe(applicantOneTaskDone.tutorId);
  },
};

/** After a live session: the same form with the form type 'livetraining'. */
export const LiveTrainingKnowledgeCheck: Story = {
  name: 'Knowledge check (live training)',
  parameters: screenParameters({
    path: '/onboarding/live-training/knowledge-check',
    session: 'applicant',
  }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Live Training Knowledge Check');
    await expectEmbed(canvas, 'Live Training Knowledge Check', 'Loading the knowledge check');
    const query = providerUrl(canvas, /open the knowledge check in a new tab/).searchParams;
    await expect(query.get('formType')).toBe('livetraining');
    await expect(query.get('tutorID')).toBe(applicantOneTaskDone.tutorId);
  },
};

/** The check has reached the server: 'Training Completed!' and the way to the answers. */
export const KnowledgeCheckSubmitted: Story = {
  name: 'Knowledge check submitted',
  parameters: screenParameters(
    { path: '/onboarding/training/knowledge-check', session: 'applicant' },
    { seed: scenarios.applicantAllTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Tutoring 101 Knowledge Check');
    await expect(canvas.getByText('Knowledge check submitted. Training Completed!')).toBeVisible();
    await expectEmbed(canvas, 'Tutoring 101 Knowledge Check', 'Loading the knowledge check');
    await expect(
      canvas.getByRole('link', { name: 'See the answers and what comes next' }),
    ).toHaveAttribute('href', '/onboarding/knowledge-check-complete');
  },
};

/** Congratulations, the answer key, extra resources, office hours and the dashboard (§2). */
export const KnowledgeCheckComplete: Story = {
  name: 'Knowledge check complete',
  parameters: screenParameters({
    path: '/onboarding/knowledge-check-complete',
    session: 'applicant',
  }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Congratulations!');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Answer key' })).toBeVisible();
    await expect(canvas.getByText('How is a typical session structured?')).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Extra learning resources' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Sign up for office hours/ })).toHaveAttribute(
      'href',
      trainingLinks.officeHours,
    );
    await expect(canvas.getByRole('link', { name: 'Return to the dashboard' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  },
};

/** Two tabs; California's Live Scan steps first: print the form, fingerprints, results. */
export const BackgroundCheck: Story = {
  name: 'Background check (California)',
  parameters: screenParameters({ path: '/onboarding/background-check', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Background Check');
    const tabs = within(canvas.getByRole('tablist', { name: 'Where you live' }));
    await expect(
      tabs.getByRole('tab', { name: 'Living in or Visiting California' }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect(
      tabs.getByRole('tab', { name: 'Residents Outside of California' }),
    ).toHaveAttribute('aria-selected', 'false');
    const panel = within(canvas.getByRole('tabpanel'));
    for (const step of ['Print the form', 'Get fingerprinted', 'Wait for your results']) {
      await expect(panel.getByRole('heading', { level: 2, name: step })).toBeVisible();
    }
    await expect(panel.getByRole('link', { name: /Live Scan request form/ })).toHaveAttribute(
      'href',
      backgroundCheckLinks.liveScanForm,
    );
  },
};

/** The other tab: the online check in three collapsible steps, the first one opened. */
export const BackgroundCheckOutsideCalifornia: Story = {
  name: 'Background check (outside California, a step opened)',
  parameters: screenParameters({ path: '/onboarding/background-check', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Background Check');
    const outside = canvas.getByRole('tab', { name: 'Residents Outside of California' });
    await userEvent.click(outside);
    await expect(outside).toHaveAttribute('aria-selected', 'true');
    const panel = within(canvas.getByRole('tabpanel'));
    const steps = panel.getAllByRole('button', { name: /^Step [1-3]: / });
    await expect(steps).toHaveLength(3);
    for (const step of steps) await expect(step).toHaveAttribute('aria-expanded', 'false');
    const first = panel.getByRole('button', { name: 'Step 1: Create your account' });
    await userEvent.click(first);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(
      panel.getByRole('link', { name: /Start the online background check/ }),
    ).toHaveAttribute('href', backgroundCheckLinks.onlineCheck);
  },
};

/** Grace's results have arrived: the thank-you, and no instructions. */
export const BackgroundCheckCompleted: Story = {
  name: 'Background check completed',
  parameters: screenParameters(
    { path: '/onboarding/background-check', session: 'applicant' },
    { seed: scenarios.applicantAllTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Background Check');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      /^Thank you! Your background check is complete\./,
    );
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};

/** Sam's own availability form, with his tutor ID appended as tutorID (§2, §5). */
export const Availability: Story = {
  parameters: screenParameters({ path: '/onboarding/availability', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Availability');
    await expectEmbed(canvas, 'Weekly availability form', 'Loading the availability form');
    await expect(providerUrl(canvas, /open the availability form in a new tab/).href).toBe(
      `${applicantOneTaskDone.availabilityForm}&tutorID=${applicantOneTaskDone.tutorId}`,
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Submit your availability' }),
    ).toBeVisible();
  },
};

/**
 * The availability arrives while the page is open (the applicant comes back to the tab after
 * submitting the provider's form): 'Availability Submitted!' (§2).
 */
export const AvailabilitySubmitted: Story = {
  name: 'Availability Submitted! popup',
  parameters: screenParameters({ path: '/onboarding/availability', session: 'applicant' }),
  play: async ({ canvas, loaded }) => {
    await expectPageTitle(canvas, 'Availability');
    await expectEmbed(canvas, 'Weekly availability form', 'Loading the availability form');
    const { mockDb } = loaded as { mockDb: MockDb };
    if (!mockDb.applicant) throw new Error('The story needs an applicant.');
    mockDb.applicant.availability = 'Monday 16:00-18:00';
    // Coming back to the tab asks the server again (refetch on window focus).
    window.dispatchEvent(new Event('visibilitychange'));
    const popup = within(
      await revealed(
        screen.findByRole('dialog', { name: 'Availability Submitted!' }, serverAnswer),
      ),
    );
    await expect(popup.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  },
};

/** Tomás's availability is on file: a thank-you, and the form to update it. */
export const AvailabilityCompleted: Story = {
  name: 'Availability completed',
  parameters: screenParameters(
    { path: '/onboarding/availability', session: 'applicant' },
    { seed: scenarios.applicantTwoTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Availability');
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Your availability is on file\./);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Update your availability' }),
    ).toBeVisible();
    await expectEmbed(canvas, 'Weekly availability form', 'Loading the availability form');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** §5: no valid link of their own and no tutor ID to build one: no form, and who to ask. */
export const AvailabilityWithoutForm: Story = {
  name: 'Availability without a form',
  parameters: screenParameters(
    { path: '/onboarding/availability', session: 'applicant' },
    { seed: { applicant: { ...applicantNoTasksDone, availabilityForm: null, tutorId: '' } } },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Availability');
    await expect(
      canvas.getByText('No availability form exists for your account yet.'),
    ).toBeVisible();
    await expect(canvas.queryByTitle('Weekly availability form')).toBeNull();
  },
};

/** The onboarding chat Sam has booked: when, and how to prepare. */
export const Chat: Story = {
  name: 'Onboarding chat',
  parameters: screenParameters({ path: '/onboarding/chat', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Onboarding Chat');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      new RegExp(`^Your onboarding chat is booked\\..+2026.+${applicantOneTaskDone.email}`),
    );
    await expect(canvas.getByRole('heading', { level: 2, name: 'How to prepare' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose another time' })).toHaveAttribute(
      'href',
      '/onboarding/chat/schedule',
    );
  },
};

/** Ben has not booked his chat: the way to book it. */
export const ChatNotBooked: Story = {
  name: 'Onboarding chat (not booked)',
  parameters: screenParameters(
    { path: '/onboarding/chat', session: 'applicant' },
    { seed: scenarios.applicantWithoutInterview },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Onboarding Chat');
    await expect(canvas.getByText('You have not booked your onboarding chat yet.')).toBeVisible();
    // In the notice, and instead of 'Choose another time'.
    const links = canvas.getAllByRole('link', { name: 'Book your onboarding chat' });
    await expect(links).toHaveLength(2);
    for (const link of links)
      await expect(link).toHaveAttribute('href', '/onboarding/chat/schedule');
  },
};

/** Booking the chat (where the dashboard sends Ben): the scheduling widget, prefilled. */
export const ChatSchedule: Story = {
  name: 'Chat schedule',
  parameters: screenParameters(
    { path: '/onboarding/chat/schedule', session: 'applicant' },
    { seed: scenarios.applicantWithoutInterview },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Book your onboarding chat');
    await expect(canvas.getByText(/^Welcome, Ben! Your first step/)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Choose a time' })).toBeVisible();
    await expectEmbed(canvas, 'Onboarding chat times', 'Loading available times');
    const query = providerUrl(canvas, /open the booking page in a new tab/).searchParams;
    await expect(query.get('name')).toBe('Ben Carter');
    await expect(query.get('tutorID')).toBe('T-0934');
  },
};

/** Sam has a date: it is confirmed, with the way on to the tasks and to another time. */
export const ChatScheduleBooked: Story = {
  name: 'Chat schedule (booked)',
  parameters: screenParameters({ path: '/onboarding/chat/schedule', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Book your onboarding chat');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      /^Your onboarding chat is booked\..+2026/,
    );
    await expect(
      canvas.getByRole('link', { name: 'Continue to your onboarding tasks' }),
    ).toHaveAttribute('href', '/onboarding');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Choose another time' }),
    ).toBeVisible();
    await expectEmbed(canvas, 'Onboarding chat times', 'Loading available times');
  },
};

/** The tutor workbook, and Tomás's modules: training to do, availability done. */
export const Workbook: Story = {
  parameters: screenParameters(
    { path: '/onboarding/workbook', session: 'applicant' },
    { seed: scenarios.applicantTwoTasksDone },
  ),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Tutor Workbook');
    await expect(
      canvas.getByRole('link', { name: /Download the workbook \(PDF\)/ }),
    ).toHaveAttribute('href', trainingLinks.tutorWorkbook);
    const modules = within(canvas.getByRole('list', { name: 'Workbook modules' }));
    await expect(
      modules.getByRole('heading', { level: 3, name: 'Upcoming: Training and knowledge check' }),
    ).toBeVisible();
    await expect(
      modules.getByRole('heading', { level: 3, name: 'Completed: Availability' }),
    ).toBeVisible();
    await expect(modules.getByRole('link', { name: 'Go to training' })).toHaveAttribute(
      'href',
      '/onboarding/training',
    );
  },
};

/** Common questions and the four ways to reach the onboarding team. */
export const Support: Story = {
  parameters: screenParameters({ path: '/onboarding/support', session: 'applicant' }),
  play: async ({ canvas }) => {
    await expectPageTitle(canvas, 'Onboarding Support');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Common questions' })).toBeVisible();
    for (const card of [
      'Meet with Onboarding Support',
      'Contact Onboarding Support',
      'Office hours',
      'Tutor Resources',
    ]) {
      await expect(canvas.getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  },
};
