import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from '../Link/Link';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'No Available Updates' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Title only (the Updates modal's empty text). */
export const TitleOnly: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'No Available Updates' }),
    ).toBeVisible();
    await expect(canvasElement.querySelector('svg[data-icon="inbox"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

/** With text and another icon (the Tasks modal's empty text). */
export const WithText: Story = {
  args: {
    title: 'No Available Items',
    icon: 'tasks',
    children: 'New tasks from the tutoring team will appear here.',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('New tasks from the tutoring team will appear here.'),
    ).toBeVisible();
  },
};

/** With an action. */
export const WithAction: Story = {
  args: {
    title: 'No Announcements',
    icon: 'bell',
    headingLevel: 2,
    children: 'When the team posts an announcement, it will show up here.',
    action: (
      <Link href="/tutoring" variant="secondaryButton">
        Back to the dashboard
      </Link>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'No Announcements' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
  },
};
