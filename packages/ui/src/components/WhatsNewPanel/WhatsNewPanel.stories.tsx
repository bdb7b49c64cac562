import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionItems, actionItemsFull, weeklyAnnouncements } from '@tutoring/api/mocks/fixtures';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WhatsNewPanel } from './WhatsNewPanel';

/**
 * The full task list, oldest first: its completed tasks come before the open ones, so the summary
 * has to skip them to name the first three open tasks.
 */
const tasks = [...actionItemsFull].reverse();

const meta = {
  title: 'Components/Tutoring/WhatsNewPanel',
  component: WhatsNewPanel,
  tags: ['autodocs'],
  args: {
    // The newest weekly announcement.
    announcement: weeklyAnnouncements[0] ?? null,
    tasks,
    onOpenTasks: fn(),
    announcementsHref: '/tutoring/announcements',
  },
} satisfies Meta<typeof WhatsNewPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Latest announcement plus six open tasks (three named, 'and 3 more'). */
export const AnnouncementAndTasks: Story = {
  play: async ({ canvas, args }) => {
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
    tasks: actionItems.filter((item) => item.Completed),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Announcements')).toBeVisible();
    await expect(canvas.getByText('You have no open tasks.')).toBeVisible();
  },
};
