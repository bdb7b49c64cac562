import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type WhatsNewAnnouncement, WhatsNewPanel, type WhatsNewTask } from './WhatsNewPanel';

/** The newest weekly announcement. */
const announcement: WhatsNewAnnouncement = {
  title: 'Thanksgiving week schedule',
  content: '<p>Sessions on <strong>Thursday 26 November</strong> are optional.</p>',
  createdAt: '2026-11-16T15:00:00.000Z',
};

/**
 * A full task list, oldest first: its completed tasks come before the open ones, so the summary
 * has to skip them to name the first three open tasks.
 */
const tasks: WhatsNewTask[] = [
  { id: 'ai-201', title: 'Plan your first session', completed: true },
  {
    id: 'ai-202',
    title: 'Add a profile photo so families recognise you in the learning space',
    completed: true,
  },
  { id: 'ai-203', title: 'Read the updated Tutor Handbook', completed: true },
  { id: 'ai-204', title: 'Complete the fall safety training', completed: true },
  {
    id: 'ai-205',
    title: 'Submit your weekly progress report for the week of 12 October',
    completed: true,
  },
  { id: 'ai-206', title: 'Record one session for our quality review', completed: true },
  {
    id: 'ai-207',
    title: 'Finish the post-assessment with each of your math students',
    completed: false,
  },
  {
    id: 'ai-208',
    title: 'Check in with families you have not seen for more than 10 days',
    completed: false,
  },
  { id: 'ai-209', title: 'Tell us your availability over winter break', completed: false },
  { id: 'ai-210', title: 'Complete the mid-year tutor survey', completed: false },
  {
    id: 'ai-211',
    title:
      'Watch the 20-minute refresher on supporting multilingual learners and their families before your next session',
    completed: false,
  },
  {
    id: 'ai-212',
    title: 'Submit your weekly progress report for the week of 16 November',
    completed: false,
  },
];

const meta = {
  title: 'Components/Tutoring/WhatsNewPanel',
  component: WhatsNewPanel,
  tags: ['autodocs'],
  args: {
    announcement,
    tasks,
    onOpenTasks: fn(),
    announcementsHref: '/tutoring/announcements',
  },
} satisfies Meta<typeof WhatsNewPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The latest weekly announcement plus six open tasks (three named, 'and 3 more'). */
export const AnnouncementAndTasks: Story = {
  play: async ({ canvas, args }) => {
    // Weekly: the Updates modal's announcements are another kind, often newer.
    await expect(canvas.getByRole('heading', { name: 'Latest weekly announcement' })).toBeVisible();
    const panel = canvas.getByRole('region', { name: "What's New" });
    await expect(within(panel).getByText('Thanksgiving week schedule')).toBeVisible();
    await expect(within(panel).getByText('November 16, 2026')).toBeVisible();
    await expect(within(panel).getByText('6 open tasks')).toBeVisible();
    await expect(within(panel).getByText('and 3 more')).toBeVisible();
    await expect(
      within(panel).getByText('Finish the post-assessment with each of your math students'),
    ).toBeVisible();
    await expect(within(panel).queryByText('Plan your first session')).toBeNull();
    await expect(within(panel).getByRole('link', { name: 'All announcements' })).toHaveAttribute(
      'href',
      '/tutoring/announcements',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'View tasks' }));
    await expect(args.onOpenTasks).toHaveBeenCalledTimes(1);
  },
};

/** Nothing new: no announcement, no open tasks. */
export const NothingNew: Story = {
  args: {
    announcement: null,
    tasks: [{ id: 'ai-101', title: 'Read the updated Tutor Handbook', completed: true }],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Announcements')).toBeVisible();
    await expect(canvas.getByText('You have no open tasks.')).toBeVisible();
  },
};
