import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WhatsNewPanel } from './WhatsNewPanel';

const tasks = [
  { Action_Item_ID: 'a1', Title: 'Complete the tutor survey', Completed: false },
  { Action_Item_ID: 'a2', Title: 'Watch the safeguarding video', Completed: true },
  { Action_Item_ID: 'a3', Title: 'Submit your weekly progress report', Completed: false },
  { Action_Item_ID: 'a4', Title: 'Read the updated handbook', Completed: false },
  { Action_Item_ID: 'a5', Title: 'Book office hours', Completed: false },
];

const meta = {
  title: 'Components/Tutoring/WhatsNewPanel',
  component: WhatsNewPanel,
  tags: ['autodocs'],
  args: {
    announcement: {
      title: 'Volunteer appreciation week',
      content: '<p>Thank you for everything you do. <strong>Join us on Friday.</strong></p>',
      created_at: '2025-04-14T16:00:00Z',
    },
    tasks,
    onOpenTasks: fn(),
    announcementsHref: '/tutoring/announcements',
  },
} satisfies Meta<typeof WhatsNewPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Latest announcement plus four open tasks (three named, 'and 1 more'). */
export const AnnouncementAndTasks: Story = {
  play: async ({ canvas, args }) => {
    const panel = canvas.getByRole('region', { name: "What's New" });
    await expect(within(panel).getByText('Volunteer appreciation week')).toBeVisible();
    await expect(within(panel).getByText('April 14, 2025')).toBeVisible();
    await expect(within(panel).getByText('4 open tasks')).toBeVisible();
    await expect(within(panel).getByText('and 1 more')).toBeVisible();
    await expect(within(panel).queryByText('Watch the safeguarding video')).toBeNull();
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
    tasks: [{ Action_Item_ID: 'a2', Title: 'Watch the safeguarding video', Completed: true }],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Announcements')).toBeVisible();
    await expect(canvas.getByText('You have no open tasks.')).toBeVisible();
  },
};
