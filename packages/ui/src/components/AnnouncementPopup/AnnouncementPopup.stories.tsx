import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Link } from '../Link/Link';
import { AnnouncementPopup } from './AnnouncementPopup';

const meta = {
  title: 'Components/Feedback/AnnouncementPopup',
  component: AnnouncementPopup,
  tags: ['autodocs'],
  args: {
    defaultOpen: true,
    timeZone: 'UTC',
    onOpenChange: fn(),
    announcement: {
      subject: 'Office hours move to Thursdays',
      message:
        '<p>From next week, office hours run on <strong>Thursday evenings</strong>, 6-7 pm.</p>' +
        '<p>See the <a href="https://help.example.org/office-hours">Help Center</a> to book.</p>',
      createdAt: '2025-03-06T17:30:00Z',
    },
    footer: (
      <Link href="/tutoring/announcements" variant="secondaryButton">
        View all announcements
      </Link>
    ),
  },
} satisfies Meta<typeof AnnouncementPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** Subject, sanitised HTML message and date; closing reports `false`. */
export const NewAnnouncement: Story = {
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'New Announcement' }));
    await expect(
      within(dialog).getByRole('heading', { level: 3, name: 'Office hours move to Thursdays' }),
    ).toBeVisible();
    const date = within(dialog).getByText('March 6, 2025');
    await expect(date.tagName).toBe('TIME');
    await expect(date).toHaveAttribute('datetime', '2025-03-06T17:30:00Z');
    await expect(within(dialog).getByText('Thursday evenings').tagName).toBe('STRONG');
    await expect(within(dialog).getByRole('link', { name: 'Help Center' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

interface XssMarkers {
  __xssScript?: boolean;
  __xssImage?: boolean;
}
const markers = window as unknown as XssMarkers;

/** A hostile message: the `<script>` and the `<img onerror>` are inert. */
export const HostileMessageIsInert: Story = {
  args: {
    announcement: {
      subject: 'Important update',
      message:
        '<p>Please read.</p><script>window.__xssScript = true</script>' +
        '<img src="data:," alt="" onerror="window.__xssImage = true">',
      createdAt: '2025-03-07T09:00:00Z',
    },
  },
  beforeEach: () => {
    delete markers.__xssScript;
    delete markers.__xssImage;
  },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'New Announcement' }));
    await expect(within(dialog).getByText('Please read.')).toBeVisible();
    await expect(dialog.querySelector('script')).toBeNull();
    const image = dialog.querySelector('img');
    await expect(image).not.toHaveAttribute('onerror');
    await waitFor(() => expect(image?.complete).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(markers.__xssScript).toBeUndefined();
    await expect(markers.__xssImage).toBeUndefined();
  },
};

/** An unparsable date is shown as it came rather than as 'Invalid Date'. */
export const UnparsableDate: Story = {
  args: {
    announcement: {
      subject: 'Welcome back',
      message: '<p>Sessions restart on Monday.</p>',
      createdAt: 'last week',
    },
    footer: undefined,
  },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'New Announcement' }));
    await expect(within(dialog).getByText('last week').tagName).toBe('TIME');
    await expect(dialog).not.toHaveTextContent('Invalid Date');
  },
};
