import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messageDateLabel } from '../../lib/messageDates/messageDates';
import { stack } from '../../theme/utilities.css';
import { Button } from '../Button/Button';
import { autoScrollThresholdPx, MessageList, type MessageListMessage } from './MessageList';

/** The fixed clock of these stories: Friday 14 March 2025, noon, local time. */
const now = new Date(2025, 2, 14, 12, 0);
const at = (day: number, hour: number, minute = 0) =>
  new Date(2025, 2, day, hour, minute).toISOString();

const conversation: MessageListMessage[] = [
  {
    id: 'm1',
    body: 'Hello! I am the tutor for Ana this term.',
    isFromTutor: 'Yes',
    dateSent: at(7, 17),
    messageType: 'activity',
  },
  {
    id: 'm2',
    body: 'Reminder: tutoring sessions pause for spring break next week.',
    isFromTutor: 'No',
    dateSent: at(8, 9),
    messageType: 'admin',
  },
  {
    id: 'm3',
    body: 'Thank you! Ana is excited.',
    isFromTutor: 'No',
    dateSent: at(10, 18, 30),
    messageType: 'activity',
  },
  {
    id: 'm4',
    body: 'Great session today. See you Friday?',
    isFromTutor: 'Yes',
    dateSent: at(13, 16, 5),
    messageType: 'activity',
  },
  {
    id: 'm5',
    body: 'Yes, 4 pm works.\nShe finished her reading homework.',
    isFromTutor: 'No',
    dateSent: at(14, 9, 15),
    messageType: 'activity',
  },
];

const meta = {
  title: 'Components/Messenger/MessageList',
  component: MessageList,
  tags: ['autodocs'],
  args: {
    messages: conversation,
    guardianName: 'Maria Lopez',
    adminLabel: 'Tutoring team',
    now,
  },
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Date groups with the fixed clock; sender labels; bubbles aligned by isFromTutor. */
export const DateGroups: Story = {
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log', { name: 'Messages with Maria Lopez' });
    await expect(log).toHaveAttribute('aria-live', 'polite');
    await expect(
      within(log)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Friday, March 7, 2025', 'Saturday', 'Monday', 'Yesterday', 'Today']);

    const items = within(log).getAllByRole('listitem');
    const senders = items.map((item) => item.firstElementChild?.textContent);
    await expect(senders).toEqual([
      'You:',
      'Tutoring team:',
      'Maria Lopez:',
      'You:',
      'Maria Lopez:',
    ]);
    // The tutor's bubbles sit on the right, incoming ones on the left.
    const logBox = log.getBoundingClientRect();
    const tutor = items[3] as HTMLElement;
    const guardian = items[4] as HTMLElement;
    await expect(tutor).toHaveAttribute('data-from-tutor', 'Yes');
    await expect(logBox.right - tutor.getBoundingClientRect().right).toBeLessThan(40);
    await expect(guardian.getBoundingClientRect().left - logBox.left).toBeLessThan(40);
  },
};

/** Exact labels of the pure date function, against the same fixed clock. */
export const DateLabelRules: Story = {
  play: async () => {
    await expect(messageDateLabel(new Date(2025, 2, 14, 0, 0), now)).toBe('Today');
    await expect(messageDateLabel(new Date(2025, 2, 14, 23, 59), now)).toBe('Today');
    await expect(messageDateLabel(new Date(2025, 2, 13, 23, 59), now)).toBe('Yesterday');
    await expect(messageDateLabel(new Date(2025, 2, 13, 0, 0), now)).toBe('Yesterday');
    await expect(messageDateLabel(new Date(2025, 2, 12, 8, 0), now)).toBe('Wednesday');
    await expect(messageDateLabel(new Date(2025, 2, 8, 8, 0), now)).toBe('Saturday');
    // Seven days back is no longer 'within 7 days': the full date.
    await expect(messageDateLabel(new Date(2025, 2, 7, 8, 0), now)).toBe('Friday, March 7, 2025');
    await expect(messageDateLabel(new Date(2024, 11, 31, 8, 0), now)).toBe(
      'Tuesday, December 31, 2024',
    );
    // Across a month boundary.
    const april2 = new Date(2025, 3, 2, 9, 0);
    await expect(messageDateLabel(new Date(2025, 2, 31, 9, 0), april2)).toBe('Monday');
    await expect(messageDateLabel(new Date(2025, 3, 1, 9, 0), april2)).toBe('Yesterday');
  },
};

/** No messages yet. */
export const Empty: Story = {
  args: { messages: [] },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('log')).getByText('No messages yet.')).toBeVisible();
  },
};

const longConversation: MessageListMessage[] = Array.from({ length: 16 }, (_, index) => ({
  id: `c${index}`,
  body: `Message ${index + 1}: how did the fractions practice go this week?`,
  isFromTutor: index % 2 === 0 ? 'Yes' : 'No',
  dateSent: at(14, 8, index * 2),
  messageType: 'activity',
}));

const waitForScrollEvents = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Auto-scroll (§9): a new message scrolls the log to the bottom when the reader is within
 * 100 px of it, and leaves the position alone when they have scrolled further up.
 */
export const AutoScroll: Story = {
  args: { messages: longConversation },
  render: function Polling(args) {
    const [messages, setMessages] = useState(args.messages);
    return (
      <div className={stack.md}>
        <MessageList {...args} messages={messages} />
        <Button
          variant="secondary"
          onPress={() =>
            setMessages((current) => [
              ...current,
              {
                id: `new${current.length}`,
                body: `New reply ${current.length + 1}`,
                isFromTutor: 'No',
                dateSent: at(14, 11, current.length),
                messageType: 'activity',
              },
            ])
          }
        >
          Receive a message
        </Button>
      </div>
    );
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const receive = canvas.getByRole('button', { name: 'Receive a message' });
    const distanceFromBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight;
    // Opens at the bottom.
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(1));
    await expect(log.scrollHeight).toBeGreaterThan(log.clientHeight + 400);

    // Within 100 px of the bottom: follows the new message.
    log.scrollTop = log.scrollHeight - log.clientHeight - (autoScrollThresholdPx - 20);
    await waitForScrollEvents();
    await userEvent.click(receive);
    await waitFor(() => expect(within(log).getByText('New reply 17')).toBeInTheDocument());
    await expect(distanceFromBottom()).toBeLessThanOrEqual(1);

    // Further up (200 px): stays where the reader is.
    log.scrollTop = log.scrollHeight - log.clientHeight - 200;
    await waitForScrollEvents();
    const readingPosition = log.scrollTop;
    await userEvent.click(receive);
    await waitFor(() => expect(within(log).getByText('New reply 18')).toBeInTheDocument());
    await expect(log.scrollTop).toBe(readingPosition);
    await expect(distanceFromBottom()).toBeGreaterThan(200);

    // Back to the bottom for a stable screenshot.
    log.scrollTop = log.scrollHeight;
  },
};
