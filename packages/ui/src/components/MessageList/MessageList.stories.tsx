import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messageDateLabel } from '../../lib/messageDates/messageDates';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import {
  autoScrollThresholdPx,
  MessageList,
  type MessageListMessage,
  messageExcerpt,
  notSentText,
} from './MessageList';

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
      <Stack gap="md">
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
      </Stack>
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

/**
 * The messages' layout changes after they are shown, the log's box does not (here a style sheet
 * that arrives late): a reader at the bottom stays there, one who scrolled up stays where they
 * are.
 */
export const Reflow: Story = {
  name: 'Messages reflow after they are shown',
  args: { messages: longConversation },
  play: async ({ canvas, canvasElement }) => {
    const log = canvas.getByRole('log');
    const distanceFromBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight;
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(1));
    const boxHeight = log.clientHeight;
    const document = canvasElement.ownerDocument;
    const arriveLate = (rule: string) => {
      const sheet = document.createElement('style');
      sheet.textContent = rule;
      document.head.append(sheet);
      return sheet;
    };

    const taller = arriveLate('[role="log"] li { padding-block: 12px; }');
    try {
      await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(1));
      await expect(log.clientHeight).toBe(boxHeight);

      log.scrollTop = log.scrollHeight - log.clientHeight - 300;
      await waitForScrollEvents();
      const readingPosition = log.scrollTop;
      const tallerStill = arriveLate('[role="log"] li { padding-block: 24px; }');
      try {
        await waitForScrollEvents();
        await expect(log.scrollTop).toBe(readingPosition);
        await expect(distanceFromBottom()).toBeGreaterThan(300);
      } finally {
        tallerStill.remove();
      }
    } finally {
      taller.remove();
    }
    // Back to the bottom for a stable screenshot.
    log.scrollTop = log.scrollHeight;
  },
};

/**
 * The log's box gets shorter under a reader at the bottom (on the chat page, a notice appears
 * between the log and the message box): they stay at the bottom, even when a scroll event of the
 * list's own, still queued, reaches it after the box shrank and finds the end more than 100 px
 * away. One who scrolled up stays where they are.
 */
export const BoxShrinks: Story = {
  name: 'The log gets shorter',
  args: { messages: longConversation },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const distanceFromBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight;
    await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(1));
    const boxHeight = log.offsetHeight;
    const shrinkBy = autoScrollThresholdPx + 50;

    try {
      // The browser delivers scroll events at its next frame: the one for the list's own scroll
      // to the bottom can arrive after the layout that shrank the box. Sent here at that moment.
      log.style.height = `${boxHeight - shrinkBy}px`;
      log.dispatchEvent(new Event('scroll'));
      await waitForScrollEvents();
      await expect(log.offsetHeight).toBe(boxHeight - shrinkBy);
      await expect(distanceFromBottom()).toBeLessThanOrEqual(1);

      log.style.height = '';
      await waitFor(() => expect(distanceFromBottom()).toBeLessThanOrEqual(1));
      log.scrollTop = log.scrollHeight - log.clientHeight - 300;
      await waitForScrollEvents();
      const readingPosition = log.scrollTop;
      log.style.height = `${boxHeight - shrinkBy}px`;
      log.dispatchEvent(new Event('scroll'));
      await waitForScrollEvents();
      await expect(log.scrollTop).toBe(readingPosition);
    } finally {
      log.style.height = '';
    }
    // Back to the bottom for a stable screenshot.
    log.scrollTop = log.scrollHeight;
  },
};

/** The tutor's texts in the delivery states the provider reports (short enough to fit the log). */
const deliveryConversation: MessageListMessage[] = [
  {
    id: 'd1',
    body: 'Hello! I am the tutor for Ana this term.',
    isFromTutor: 'Yes',
    dateSent: at(14, 9, 0),
    messageType: 'activity',
    deliveryStatus: 'delivered',
  },
  {
    id: 'd2',
    body: 'Yes, Tuesday at 4 pm works. Ana can bring her fractions worksheet.',
    isFromTutor: 'Yes',
    dateSent: at(14, 10, 0),
    messageType: 'activity',
    deliveryStatus: 'undelivered',
  },
  {
    id: 'd3',
    body: 'Reminder: we meet on the usual link.',
    isFromTutor: 'Yes',
    dateSent: at(14, 10, 5),
    messageType: 'activity',
    deliveryStatus: 'failed',
  },
  {
    id: 'd4',
    body: 'See you then!',
    isFromTutor: 'Yes',
    dateSent: at(14, 11, 0),
    messageType: 'activity',
    deliveryStatus: 'queued',
  },
];

const itemOf = (log: HTMLElement, text: string) => {
  const item = within(log).getByText(text).closest('li');
  if (!item) throw new Error(`No message '${text}'`);
  return within(item);
};

/**
 * Delivery receipts of the tutor's texts: 'Delivered' beside the time; 'Not delivered' with a
 * Retry button for undelivered and failed texts; nothing more while queued or sent (still on
 * their way). Each Retry button names its text for screen readers.
 */
export const DeliveryStatus: Story = {
  name: 'Delivery status',
  args: { messages: deliveryConversation, onRetry: fn() },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    await expect(
      itemOf(log, 'Hello! I am the tutor for Ana this term.').getByText('Delivered'),
    ).toBeVisible();
    // Queued (and sent): still on its way, so nothing is claimed.
    await expect(itemOf(log, 'See you then!').queryByText(/Delivered|Not delivered/)).toBeNull();
    await expect(itemOf(log, 'See you then!').queryByRole('button')).toBeNull();

    const undelivered = itemOf(log, deliveryConversation[1]?.body ?? '');
    await expect(undelivered.getByText('Not delivered')).toBeVisible();
    const retry = undelivered.getByRole('button', {
      name: 'Retry sending: Yes, Tuesday at 4 pm works. Ana can…',
    });
    await expect(retry).toHaveTextContent('Retry');
    await expect(
      itemOf(log, 'Reminder: we meet on the usual link.').getByText('Not delivered'),
    ).toBeVisible();

    // A 24 px target at least (WCAG 2.2 2.5.8), small enough for the line under the bubble.
    const { height, width } = retry.getBoundingClientRect();
    await expect(height).toBeGreaterThanOrEqual(24);
    await expect(width).toBeGreaterThanOrEqual(24);
    await expect(height).toBeLessThan(44);

    // The status line sits at the right edge, under the tutor's bubble.
    const bubble = within(log).getByText(deliveryConversation[1]?.body ?? '');
    const line = retry.closest('div') as HTMLElement;
    await expect(
      Math.abs(bubble.getBoundingClientRect().right - line.getBoundingClientRect().right),
    ).toBeLessThan(2);

    // Keyboard: Tab from the log reaches the first Retry; Enter and Space press it.
    log.focus();
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
    await expect(args.onRetry).toHaveBeenNthCalledWith(1, 'd2');
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Retry sending: Reminder: we meet on the usual link.' }),
    ).toHaveFocus();

    // Long texts are named by their first words, cut on a word boundary.
    await expect(messageExcerpt('  Hola\n\nLucía,   ¿podemos?  ')).toBe('Hola Lucía, ¿podemos?');
    await expect(
      messageExcerpt('Hola Lucía, ¿podemos tener una sesión extra mañana viernes a las 4?'),
    ).toBe('Hola Lucía, ¿podemos tener una sesión…');
    await expect(messageExcerpt('https://learn.example.org/join/liam-okafor-and-family')).toBe(
      'https://learn.example.org/join/liam-okaf…',
    );
  },
};

/** A retry in flight: its button shows it and ignores presses; the other text's stays ready. */
export const RetryInFlight: Story = {
  name: 'Retry in flight',
  args: { messages: deliveryConversation, onRetry: fn(), retryingMessageIds: new Set(['d2']) },
  play: async ({ canvas, args }) => {
    const retrying = canvas.getByRole('button', { name: /^Retry sending: Yes, Tuesday/ });
    await expect(retrying).toHaveAttribute('aria-disabled', 'true');
    await expect(retrying).toHaveTextContent('Retrying');
    await userEvent.click(retrying);
    await expect(args.onRetry).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: /^Retry sending: Reminder/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.onRetry).toHaveBeenCalledWith('d3');
  },
};

/** Without onRetry (a view that cannot send): 'Not delivered' alone, no button. */
export const NotDeliveredWithoutRetry: Story = {
  name: 'Not delivered without retry',
  args: { messages: deliveryConversation },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Not delivered')).toHaveLength(2);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A retry that succeeds takes its button away: focus goes back to the transcript, not lost. */
export const RetrySucceeds: Story = {
  name: 'Retry succeeds',
  args: { messages: deliveryConversation },
  render: function Retrying(args) {
    const [messages, setMessages] = useState(args.messages);
    return (
      <MessageList
        {...args}
        messages={messages}
        onRetry={(id) =>
          setMessages((current) =>
            current.map((message) =>
              message.id === id ? { ...message, deliveryStatus: 'queued' } : message,
            ),
          )
        }
      />
    );
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    await userEvent.click(canvas.getByRole('button', { name: /^Retry sending: Yes, Tuesday/ }));
    await waitFor(() => expect(canvas.getAllByText('Not delivered')).toHaveLength(1));
    await expect(log).toHaveFocus();
  },
};

const spanish = { languageName: 'Spanish', languageCode: 'es' } as const;

/** A Spanish-speaking family whose messages are translated, both ways. */
const translatedConversation: MessageListMessage[] = [
  {
    id: 't1',
    body: 'Hi Rosa, does Monday at 4 still work for Carla?',
    isFromTutor: 'Yes',
    dateSent: at(14, 9, 0),
    messageType: 'activity',
    deliveryStatus: 'delivered',
    translation: {
      ...spanish,
      text: '¿Hola Rosa, le sigue viniendo bien el lunes a las 4 a Carla?',
    },
  },
  {
    id: 't2',
    body: 'Sí, el lunes a las 4 está bien. Gracias.',
    isFromTutor: 'No',
    dateSent: at(14, 9, 30),
    messageType: 'activity',
    translation: { ...spanish, text: 'Yes, Monday at 4 is fine. Thank you.' },
  },
];

/**
 * The tutor's text to a family that reads Spanish: their own words in the bubble, 'Sent in
 * Spanish' under it, and what the family received one press away (in Spanish, marked as such).
 */
export const SentInSpanish: Story = {
  name: 'Sent in Spanish',
  args: { messages: translatedConversation, guardianName: 'Rosa Reyes' },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const item = itemOf(log, 'Hi Rosa, does Monday at 4 still work for Carla?');
    await expect(item.getByText('Sent in Spanish')).toBeVisible();
    await expect(item.getByText('Delivered')).toBeVisible();
    const received = '¿Hola Rosa, le sigue viniendo bien el lunes a las 4 a Carla?';
    // In the page (found by the browser's find), but hidden until asked for.
    await expect(item.getByText(received)).not.toBeVisible();

    const show = item.getByRole('button', { name: 'Show what the family received' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    const { height } = show.getBoundingClientRect();
    await expect(height).toBeGreaterThanOrEqual(24);
    await userEvent.click(show);
    const hide = item.getByRole('button', { name: 'Hide what the family received' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(item.getByText(received)).toBeVisible();
    await expect(item.getByText(received)).toHaveAttribute('lang', 'es');

    // Keyboard: Enter closes it again.
    hide.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(item.getByText(received)).not.toBeVisible());
    await expect(
      item.getByRole('button', { name: 'Show what the family received' }),
    ).toHaveAttribute('aria-expanded', 'false');
    // Open for the screenshot.
    await userEvent.click(item.getByRole('button', { name: 'Show what the family received' }));
  },
};

/**
 * The guardian's reply in Spanish: its English in the bubble, 'Translated from Spanish', and the
 * original one press away.
 */
export const ReplyTranslated: Story = {
  name: 'Reply translated',
  args: { messages: translatedConversation, guardianName: 'Rosa Reyes' },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const item = itemOf(log, 'Yes, Monday at 4 is fine. Thank you.');
    await expect(item.getByText('Translated from Spanish')).toBeVisible();
    const original = 'Sí, el lunes a las 4 está bien. Gracias.';
    await expect(item.getByText(original)).not.toBeVisible();
    await userEvent.click(item.getByRole('button', { name: 'Show original' }));
    await expect(item.getByText(original)).toBeVisible();
    await expect(item.getByText(original)).toHaveAttribute('lang', 'es');
    await expect(item.getByRole('button', { name: 'Hide original' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** A text that could not be translated into the family's language, so it was not sent. */
const untranslatedConversation: MessageListMessage[] = [
  translatedConversation[0] as MessageListMessage,
  {
    id: 'u1',
    body: 'Can Carla bring her library book on Monday?',
    isFromTutor: 'Yes',
    dateSent: at(14, 10, 0),
    messageType: 'activity',
    deliveryStatus: 'untranslated',
  },
];

/**
 * A text that could not be translated: 'Not sent' names the language, and the tutor chooses,
 * Retry (translate again) or Send as written. Each button names its text.
 */
export const Untranslated: Story = {
  name: 'Not translated, two choices',
  args: {
    messages: untranslatedConversation,
    guardianName: 'Rosa Reyes',
    familyLanguageName: 'Spanish',
    onRetry: fn(),
    onSendAsWritten: fn(),
  },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    const item = itemOf(log, 'Can Carla bring her library book on Monday?');
    await expect(
      item.getByText('Not sent: it could not be translated into Spanish.'),
    ).toBeVisible();
    await expect(item.queryByText('Delivered')).toBeNull();
    const retry = item.getByRole('button', {
      name: 'Retry sending: Can Carla bring her library book on…',
    });
    const asWritten = item.getByRole('button', {
      name: 'Send as written: Can Carla bring her library book on…',
    });
    await expect(asWritten).toHaveTextContent('Send as written');
    for (const button of [retry, asWritten]) {
      const { height, width } = button.getBoundingClientRect();
      await expect(height).toBeGreaterThanOrEqual(24);
      await expect(width).toBeGreaterThanOrEqual(24);
    }
    await userEvent.click(asWritten);
    await expect(args.onSendAsWritten).toHaveBeenCalledWith('u1');
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledWith('u1');

    // Without the family's language, the line still says what happened.
    await expect(notSentText(undefined)).toBe('Not sent: it could not be translated.');
  },
};

/** Send as written in flight: it shows so, and neither choice takes a press meanwhile. */
export const UntranslatedSending: Story = {
  name: 'Not translated, sending as written',
  args: {
    messages: untranslatedConversation,
    guardianName: 'Rosa Reyes',
    familyLanguageName: 'Spanish',
    onRetry: fn(),
    onSendAsWritten: fn(),
    sendingAsWrittenMessageIds: new Set(['u1']),
  },
  play: async ({ canvas, args }) => {
    const sending = canvas.getByRole('button', { name: /^Send as written: Can Carla/ });
    await expect(sending).toHaveAttribute('aria-disabled', 'true');
    await expect(sending).toHaveTextContent('Sending');
    await userEvent.click(sending);
    const retry = canvas.getByRole('button', { name: /^Retry sending: Can Carla/ });
    await expect(retry).toBeDisabled();
    await userEvent.click(retry);
    await expect(args.onSendAsWritten).not.toHaveBeenCalled();
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};
