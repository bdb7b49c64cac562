import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { cleanUpAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { StudentList } from './StudentList';
import { studentAna, studentBen, studentCarla } from './StudentList.fixtures';

const meta = {
  title: 'Components/Tutoring/StudentList',
  component: StudentList,
  tags: ['autodocs'],
  // Pending buttons leave react-aria announcements behind; see cleanUpAnnouncements.
  beforeEach: cleanUpAnnouncements,
  args: {
    students: [studentAna, studentBen, studentCarla],
    pathwayHref: (student) => `/tutoring/learning-pathway/${student.id}`,
    onOpenChat: fn(),
    onLaunchLearningPortal: fn(),
  },
} satisfies Meta<typeof StudentList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three students: one flagged (14 days), one Spanish-speaking family at exactly 10 days. */
export const Students: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'Students' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    await expect(rows).toHaveLength(3);
    await expect(within(rows[1] as HTMLElement).getByText('No session in 14 days')).toBeVisible();
    await expect(canvas.getAllByText(/No session in/)).toHaveLength(1);
    await expect(within(rows[2] as HTMLElement).getByText(/language is Spanish/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Chat with Ben's guardian" }));
    await expect(args.onOpenChat).toHaveBeenCalledWith(studentBen);
  },
};

/** One launch in progress: only that row is pending. */
export const OneLaunching: Story = {
  args: { launchingIds: ['rec-ben'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Launching\.\.\./ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(
      canvas.getByRole('button', { name: 'Launch learning portal for Ana' }),
    ).not.toHaveAttribute('aria-disabled');
  },
};

/** No students: the empty text. */
export const Empty: Story = {
  args: { students: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have no students yet.')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};
