import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  actionItemsFull,
  portalAnnouncementsFull,
  readAnnouncementIdsFull,
  scenarios,
  studentWithLongNameAndSubjects,
  tutorJordan,
  tutorMaya,
  tutorWithTwelveStudents,
} from '@tutoring/api/mocks/fixtures';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenOptions, screenParameters } from '../../testing/storybook/screenParameters';
import { findDialog, pressInNavigation } from '../../testing/storybook/screenPlay';
import { TutoringHomePage } from './TutoringHomePage';
import { tutorQueryKey } from './useTutorQuery';

/**
 * /tutoring, the Tutoring Dashboard (§2): the header, stat cards, the students and What's New,
 * in the tutoring layout with its sidebar (a drawer under 768 px). Maya Chen is signed in with
 * Google; her data comes from the mock server. Unless a story is about the new-announcement popup,
 * the newest weekly announcement has been seen, so no popup covers the page.
 */
const meta = {
  title: 'Screens/Tutoring/Dashboard',
  component: TutoringHomePage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TutoringHomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dashboard = (seed = {}, behaviour = {}, options: ScreenOptions = {}) =>
  screenParameters(
    { path: '/tutoring', session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed }, behaviour },
    options,
  );

const studentsList = async (canvas: ReturnType<typeof within>) =>
  within(await canvas.findByRole('list', { name: 'Students' }, { timeout: 5000 }));

/**
 * Maya's dashboard: the four stat cards, three students — Liam flagged 'No session in 14 days'
 * (more than 10), Ana with the Spanish notice (texts go out as written) — and What's New with the latest announcement and
 * her open tasks.
 */
export const Default: Story = {
  parameters: dashboard(),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' }),
    ).toBeVisible();
    const stats = within(canvas.getByLabelText('Your tutoring stats'));
    for (const label of [
      'Current Students',
      'Sessions',
      'Tutoring hours (last 30 days)',
      'Hours until promotion',
    ]) {
      await expect(stats.getByText(label)).toBeVisible();
    }
    const students = await studentsList(canvas);
    await expect(students.getAllByRole('listitem')).toHaveLength(3);
    const liam = students.getByRole('heading', { name: 'Liam Okafor' }).closest('li');
    await expect(within(liam as HTMLElement).getByText('No session in 14 days')).toBeVisible();
    const ana = students.getByRole('heading', { name: /^Ana / }).closest('li');
    await expect(
      within(ana as HTMLElement).getByText(
        "This family's language is Spanish. Messages are sent exactly as you write them.",
      ),
    ).toBeVisible();
    const mia = students.getByRole('heading', { name: 'Mia Nguyen' }).closest('li');
    await expect(within(mia as HTMLElement).queryByText(/No session in/)).toBeNull();
    await expect(canvas.getByRole('heading', { name: "What's New" })).toBeVisible();
    await expect(canvas.getByText('Thanksgiving week schedule')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'View tasks' })).toBeVisible();
  },
};

/** The three calls of the layout have not answered yet. */
export const Loading: Story = {
  parameters: dashboard({}, { 'GET /tutor': { delay: 'infinite' } }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading your account' }),
    ).toBeVisible();
  },
};

/** GET /tutor failed on the server: a retry, and the way out. */
export const ServerError: Story = {
  name: 'Server error',
  parameters: dashboard(
    {},
    { 'GET /tutor': { fail: { status: 'INTERNAL', message: 'Internal server error.' } } },
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your account could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  },
};

/** The account-not-found screen (§2, §8): the message, the four remedies and Sign Out. */
export const AccountNotFound: Story = {
  name: 'Account not found',
  parameters: dashboard(scenarios.tutorAccountNotFound),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/We cannot find your account in our system\./),
    ).toBeVisible();
    const steps = within(canvas.getByRole('list'));
    await expect(steps.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /report a bug/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  },
};

/** The 403 domain refusal: an account outside the organisation's domain. */
export const DomainRefused: Story = {
  name: 'Account outside the organisation (403)',
  parameters: dashboard(
    {},
    {
      'GET /tutor': {
        fail: {
          status: 'PERMISSION_DENIED',
          message: 'Sign in with your organisation e-mail.',
        },
      },
    },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: 'This account cannot open the Tutor Portal',
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use another account' })).toBeVisible();
  },
};

/** A tutor who has no students yet: zero stats and the empty list. */
export const NoStudents: Story = {
  name: 'No students',
  parameters: dashboard(scenarios.tutorWithNoStudents),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You have no students yet.')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Students' })).toBeNull();
  },
};

/**
 * Twelve students with long names and long subject lists: every card keeps its details and its
 * actions readable beside What's New.
 */
export const TwelveStudents: Story = {
  name: 'Twelve students, long names and subjects',
  parameters: dashboard(scenarios.tutorWithTwelveStudents),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    await waitFor(() =>
      expect(students.getAllByRole('listitem')).toHaveLength(
        tutorWithTwelveStudents.correspondents.length,
      ),
    );
    const longest = `${studentWithLongNameAndSubjects.First_Name} ${studentWithLongNameAndSubjects.Last_Name}`;
    const card = students.getByRole('heading', { name: longest }).closest('li') as HTMLElement;
    await expect(
      within(card).getByText(studentWithLongNameAndSubjects.Subject_s_.join(', ')),
    ).toBeVisible();
    await expect(
      within(card).getByRole('button', {
        name: `Launch learning portal for ${studentWithLongNameAndSubjects.First_Name}`,
      }),
    ).toBeVisible();
    // Two families read Spanish, and Daniel's messages to them are translated; a student whose
    // guardian reads English (Isabella) gets no notice, whatever the student's own language.
    await expect(
      within(card).getByText(
        "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.",
      ),
    ).toBeVisible();
    await expect(students.getAllByText(/language is Spanish/)).toHaveLength(2);
  },
};

/**
 * No availability form (§2, §5): Jordan Lee has no form of his own and no tutor ID to prefill the
 * organisation's form with, so his availability is plain text with the hint.
 */
export const NoAvailabilityForm: Story = {
  name: 'No availability form',
  parameters: dashboard({ tutor: { ...tutorJordan, Availability_Form: null, Tutor_ID: '' } }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome, Jordan!' }),
    ).toBeVisible();
    await expect(canvas.getByText('No availability form exists for this tutor')).toBeVisible();
  },
};

/** At the highest title there is no promotion to count down to: 'N/A'. */
export const HighestTitle: Story = {
  name: 'Highest title (hours until promotion N/A)',
  parameters: dashboard(scenarios.tutorAtHighestTitle),
  play: async ({ canvas }) => {
    const stats = within(await canvas.findByLabelText('Your tutoring stats'));
    await expect(stats.getByText('N/A')).toBeVisible();
  },
};

/**
 * A new weekly announcement: the popup opens 2 s after the announcements and tasks have loaded
 * (§2, §9), from 640 px up; then the server is told it was seen.
 */
export const NewAnnouncementPopup: Story = {
  name: 'New announcement popup',
  // Under 640 px the bell badge stands in for the popup: its own story.
  parameters: screenParameters(
    { path: '/tutoring', session: 'tutor' },
    { seed: { tutor: { ...tutorMaya, hasNewAnnouncement: true } } },
    { widths: [1280, 768] },
  ),
  play: async () => {
    const popup = await findDialog('New Announcement');
    await expect(popup.getByRole('heading', { name: 'Thanksgiving week schedule' })).toBeVisible();
    await expect(popup.getByRole('link', { name: 'All announcements' })).toBeVisible();
  },
};

/** Under 640 px: no popup, the bell badge with the unread count opens the Updates modal. */
export const BellBadge: Story = {
  name: 'Bell badge (under 640 px)',
  parameters: screenParameters(
    { path: '/tutoring', session: 'tutor' },
    { seed: { tutor: { ...tutorMaya, hasNewAnnouncement: true } } },
    { widths: [390] },
  ),
  play: async ({ canvas }) => {
    const bell = await canvas.findByRole('button', { name: '2 new updates' });
    await expect(bell).toBeVisible();
    await userEvent.click(bell);
    const updates = await findDialog(/Updates/);
    await expect(updates.getByRole('heading', { name: 'Winter break dates' })).toBeVisible();
  },
};

/** The Updates modal, full: nine portal announcements, five unread, with their HTML. */
export const UpdatesModalFull: Story = {
  name: 'Updates modal, full',
  parameters: dashboard({
    portalAnnouncements: portalAnnouncementsFull,
    readAnnouncementIds: readAnnouncementIdsFull,
  }),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await pressInNavigation(canvasElement, 'Tutoring Dashboard', /^Updates/);
    const updates = await findDialog(/Updates/);
    // One item per announcement (their HTML may hold lists of its own).
    const list = updates.getByRole('list', { name: 'Portal announcements' });
    await expect(list.querySelectorAll(':scope > li')).toHaveLength(portalAnnouncementsFull.length);
    await expect(updates.getAllByRole('button', { name: /^Mark as read:/ })).toHaveLength(
      portalAnnouncementsFull.length - readAnnouncementIdsFull.length,
    );
  },
};

/** The Updates modal without announcements: 'No Available Updates'. */
export const UpdatesModalEmpty: Story = {
  name: 'Updates modal, empty',
  parameters: dashboard(scenarios.noUpdates),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await pressInNavigation(canvasElement, 'Tutoring Dashboard', /^Updates/);
    const updates = await findDialog(/Updates/);
    await expect(updates.getByText('No Available Updates')).toBeVisible();
  },
};

/** Marking an update as read: 'Marking as read...' while the server has not answered. */
export const UpdatesMarkingAsRead: Story = {
  name: 'Updates modal, marking as read',
  parameters: {
    ...dashboard({}, { 'POST /portal-announcement/status': { delay: 'infinite' } }),
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await pressInNavigation(canvasElement, 'Tutoring Dashboard', /^Updates/);
    const updates = await findDialog(/Updates/);
    await userEvent.click(
      updates.getAllByRole('button', { name: /^Mark as read:/ })[0] as HTMLElement,
    );
    await expect(await updates.findByText('Marking as read...')).toBeVisible();
  },
};

/** The Tasks modal, full: open tasks first, then completed ones, with the open count. */
export const TasksModalFull: Story = {
  name: 'Tasks modal, full',
  parameters: dashboard({ actionItems: actionItemsFull }),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await pressInNavigation(canvasElement, 'Tutoring Dashboard', /^Tasks/);
    const tasks = await findDialog(/Tasks/);
    const headings = tasks.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    await expect(headings[0]).toMatch(/^To do/i);
    await expect(tasks.getAllByRole('button', { name: /^Mark as complete/ }).length).toBe(
      actionItemsFull.filter((item) => !item.Completed && !item.Automatic_Completion).length,
    );
  },
};

/** The Tasks modal without action items: 'No Available Items'. */
export const TasksModalEmpty: Story = {
  name: 'Tasks modal, empty',
  parameters: dashboard(scenarios.noTasks),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await pressInNavigation(canvasElement, 'Tutoring Dashboard', /^Tasks/);
    const tasks = await findDialog(/Tasks/);
    await expect(tasks.getByText('No Available Items')).toBeVisible();
  },
};

/** Under 768 px the sidebar is a drawer behind the Menu button; it mirrors the sidebar (§2). */
export const MobileDrawer: Story = {
  name: 'Mobile drawer open',
  parameters: dashboard({}, {}, { widths: [390] }),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    const drawer = await findDialog('Navigation menu');
    for (const name of ['Home', 'Weekly Progress Report', 'Help Center', 'Log Out']) {
      await expect(drawer.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
  },
};

/** The card of a student, by the start of the name in its heading. */
const cardOf = async (canvas: ReturnType<typeof within>, name: RegExp) =>
  within((await studentsList(canvas)).getByRole('heading', { name }).closest('li') as HTMLElement);

/**
 * The inbox (issue 34): families' unread replies on the students' cards, on Home in the sidebar
 * and in the title.
 */
export const InboxUnreadReplies: Story = {
  parameters: dashboard(scenarios.unreadReplies),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    const badges = students.getAllByRole('img', { name: /unread message/ });
    await expect(badges.length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Tutoring Dashboard$/));
  },
};

/** A text the carrier blocked as spam (30007): its student first, with the reason. */
export const InboxNotDeliveredAsSpam: Story = {
  parameters: dashboard(scenarios.textNotDeliveredAsSpam),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    const [first] = students.getAllByRole('listitem');
    await expect(
      within(first as HTMLElement).getByText(
        '1 text not delivered: the carrier blocked it as spam',
      ),
    ).toBeVisible();
  },
};

/** Two texts the phones could not be reached for (30003). */
export const InboxNotDeliveredUnreachable: Story = {
  parameters: dashboard(scenarios.textsNotDeliveredUnreachable),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('2 texts not delivered: the phone was unreachable'),
    ).toBeVisible();
  },
};

/** A text that could not be translated waits for Retry or Send as written. */
export const InboxNotSentUntranslated: Story = {
  parameters: dashboard(scenarios.textNotSentUntranslated),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(/^1 text not sent: it could not be translated$/),
    ).toBeVisible();
  },
};

/** A reply of several hundred characters: one line on the card, cut with an ellipsis. */
export const InboxLongPreview: Story = {
  parameters: dashboard(scenarios.longMessagePreviews),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    for (const preview of students.getAllByText(/Last message:/)) {
      const line = preview.parentElement as HTMLElement;
      const lineHeight = Number.parseFloat(getComputedStyle(line).lineHeight);
      await expect(line.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
    }
    await cardOf(canvas, /^Ana /);
  },
};

/** Twelve students in mixed states: attention first, then unread replies, then the rest. */
export const InboxTwelveStudents: Story = {
  parameters: dashboard(scenarios.inboxWithTwelveStudents),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    const rows = students
      .getAllByRole('listitem')
      .filter((row) => row.matches('[data-student-id]'));
    await expect(rows).toHaveLength(12);
    const needs = rows.map((row) => row.querySelector('[data-attention]') !== null);
    const unread = rows.map((row) => row.querySelector('[data-unread]') !== null);
    // Every card that needs attention comes before every card that does not.
    await expect(needs.indexOf(false)).toBeGreaterThan(needs.lastIndexOf(true));
    const firstCalm = needs.indexOf(false);
    const afterAttention = unread.slice(firstCalm);
    await expect(afterAttention.indexOf(false)).toBeGreaterThanOrEqual(
      afterAttention.lastIndexOf(true),
    );
  },
};

/**
 * Issue 39, a return visit: what this device kept of Maya's dashboard on her last visit (two of
 * her three students then), shown at once while the portal asks the server again.
 */
const savedDashboard = (uid: string) => [
  {
    queryKey: tutorQueryKey(uid),
    data: { ...tutorMaya, correspondents: tutorMaya.correspondents.slice(0, 2) },
  },
];

/**
 * What's New's open tasks come from a request of their own, answered after the kept students
 * show: the plays wait for them, so every width's picture is of the finished page.
 */
const whatsNewTasksShown = (canvas: ReturnType<typeof within>) =>
  canvas.findByText('Submit your weekly progress report', {}, { timeout: 5000 });

const returnVisit = (behaviour = {}) =>
  screenParameters(
    { path: '/tutoring', session: 'tutor', savedAnswers: savedDashboard },
    { seed: scenarios.noNewWeeklyAnnouncement, behaviour },
  );

/** The server has not answered yet: the kept students, marked as refreshing. */
export const ReturnVisitRefreshing: Story = {
  name: 'Return visit: refreshing kept students',
  parameters: returnVisit({ 'GET /tutor': { delay: 'infinite' } }),
  play: async ({ canvas }) => {
    const refreshing = await canvas.findByText('Refreshing…', {}, { timeout: 5000 });
    await expect(refreshing).toBeVisible();
    // A polite status in words, not a colour or a spinner alone.
    await expect(refreshing.closest('[role="status"]')).not.toBeNull();
    const students = await studentsList(canvas);
    await expect(students.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByRole('progressbar', { name: 'Loading your account' })).toBeNull();
    await whatsNewTasksShown(canvas);
  },
};

/** The server's answer arrived: the dashboard shows it, and the mark goes. */
export const ReturnVisitRefreshed: Story = {
  name: 'Return visit: refreshed',
  parameters: returnVisit(),
  play: async ({ canvas }) => {
    const students = await studentsList(canvas);
    await waitFor(() => expect(students.getAllByRole('listitem')).toHaveLength(3), {
      timeout: 5000,
    });
    await expect(canvas.queryByText('Refreshing…')).toBeNull();
    await expect(canvas.queryByText('Could not refresh.')).toBeNull();
    await whatsNewTasksShown(canvas);
  },
};

/** Asking again failed on the server: the kept students stay, and the page says so. */
export const ReturnVisitRefreshFailed: Story = {
  name: 'Return visit: could not refresh',
  parameters: returnVisit({
    'GET /tutor': { fail: { status: 'INTERNAL', message: 'Internal server error.' } },
  }),
  play: async ({ canvas }) => {
    const notice = await canvas.findByText('Could not refresh.', {}, { timeout: 5000 });
    await expect(notice.closest('[role="status"]')).not.toBeNull();
    await expect(canvas.queryByText('Refreshing…')).toBeNull();
    const students = await studentsList(canvas);
    await expect(students.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByText('Your account could not be loaded.')).toBeNull();
    await whatsNewTasksShown(canvas);
  },
};
