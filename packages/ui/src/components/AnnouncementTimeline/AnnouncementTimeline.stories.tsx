import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AnnouncementTimeline } from './AnnouncementTimeline';

const meta = {
  title: 'Components/Tutoring/AnnouncementTimeline',
  component: AnnouncementTimeline,
  tags: ['autodocs'],
  args: {
    announcements: [
      {
        id: 'w1',
        title: 'Welcome back from spring break',
        content: '<p>Sessions resume on <strong>Monday, April 7</strong>.</p>',
        createdAt: '2025-04-01T16:00:00Z',
      },
      {
        id: 'w3',
        title: 'Volunteer appreciation week',
        content:
          '<p>Thank you for everything you do. Join the <a href="https://example.org/party">online party</a> on Friday.</p>',
        createdAt: '2025-04-14T16:00:00Z',
      },
      {
        id: 'w2',
        title: 'New reading lessons',
        content: '<ul><li>Phonics review</li><li>Reading fluency</li></ul>',
        createdAt: '2025-04-08T16:00:00Z',
      },
    ],
  },
} satisfies Meta<typeof AnnouncementTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dated entries, newest first; HTML content rendered after sanitising. */
export const Timeline: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Announcements, newest first' });
    const entries = within(list).getAllByRole('article');
    await expect(
      entries.map((entry) => within(entry).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      'Volunteer appreciation week',
      'New reading lessons',
      'Welcome back from spring break',
    ]);
    const first = entries[0] as HTMLElement;
    await expect(within(first).getByText('April 14, 2025')).toHaveAttribute(
      'datetime',
      '2025-04-14T16:00:00Z',
    );
    await expect(within(first).getByRole('link', { name: 'online party' })).toBeVisible();
  },
};

/** Hostile content is inert. */
export const SanitisedContent: Story = {
  args: {
    announcements: [
      {
        id: 'x',
        title: 'Hostile content',
        content:
          '<p onclick="alert(1)">Plain words.</p><script>window.__timelineXss = true</script><img src="x" alt="" onerror="window.__timelineXss = true">',
        createdAt: '2025-04-14T16:00:00Z',
      },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Plain words.')).not.toHaveAttribute('onclick');
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('[onerror]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect((window as { __timelineXss?: boolean }).__timelineXss).toBeUndefined();
  },
};

/** None: 'No Announcements'. */
export const Empty: Story = {
  args: { announcements: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Announcements')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};
