import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  inboxNow,
  studentWithLongReply,
  studentWithOwnLastText,
  studentWithPhotoOnly,
  studentWithUndeliveredText,
  studentWithUnreadReplies,
  studentWithUntranslatedTexts,
} from '../StudentRow/StudentRow.stories.students';
import { ConversationPreview, type ConversationSummary } from './ConversationPreview';

const summaryOf = (student: { conversation?: ConversationSummary }) =>
  student.conversation as ConversationSummary;

const meta = {
  title: 'Components/Tutoring/ConversationPreview',
  component: ConversationPreview,
  tags: ['autodocs'],
  args: { summary: summaryOf(studentWithUnreadReplies), now: inboxNow },
} satisfies Meta<typeof ConversationPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two unread replies: the badge names them, the preview is bold, today's time. */
export const UnreadReplies: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '2 unread messages' })).toHaveTextContent('2');
    await expect(canvas.getByText(/Noah finished the fractions worksheet/)).toBeVisible();
    await expect(canvas.getByText('2:12 PM')).toBeVisible();
  },
};

/** One unread: the singular name. */
export const OneUnread: Story = {
  args: { summary: { ...summaryOf(studentWithUnreadReplies), unreadCount: 1 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '1 unread message' })).toBeVisible();
  },
};

/** The tutor's own text was last: 'You: …', no badge, 'Yesterday'. */
export const OwnTextLast: Story = {
  args: { summary: summaryOf(studentWithOwnLastText) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^You: See you on Thursday at 4!$/)).toBeVisible();
    await expect(canvas.queryByRole('img', { name: /unread/ })).not.toBeInTheDocument();
    await expect(canvas.getByText('Yesterday')).toBeVisible();
  },
};

/** A text the carrier blocked as spam: the warning says so in plain words. */
export const NotDelivered: Story = {
  args: { summary: summaryOf(studentWithUndeliveredText) },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('1 text not delivered: the carrier blocked it as spam'),
    ).toBeVisible();
  },
};

/** Two texts that could not be translated: they were not sent. */
export const NotSent: Story = {
  args: { summary: summaryOf(studentWithUntranslatedTexts) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 texts not sent: it could not be translated')).toBeVisible();
  },
};

/** A reply of several hundred characters stays on one line, cut with an ellipsis. */
export const LongReply: Story = {
  args: { summary: summaryOf(studentWithLongReply) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '12 unread messages' })).toBeVisible();
    const preview = canvas.getByText(/Buenas tardes/);
    const lineHeight = Number.parseFloat(getComputedStyle(preview).lineHeight);
    await expect(preview.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
    await expect(preview.scrollWidth).toBeGreaterThan(preview.clientWidth);
  },
};

/** A photo without words: 'Photo'. */
export const PhotoOnly: Story = {
  args: { summary: summaryOf(studentWithPhotoOnly) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Photo')).toBeVisible();
  },
};

/** No message yet and nothing to warn about: nothing at all. */
export const NoMessages: Story = {
  args: { summary: { unreadCount: 0, lastMessage: null, attention: null } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent?.trim()).toBe('');
  },
};
