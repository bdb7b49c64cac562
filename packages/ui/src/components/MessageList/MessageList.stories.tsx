import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createDeferred } from '../../lib/deferred/deferred';
import { messageDateLabel } from '../../lib/messageDates/messageDates';
import { cleanUpAnnouncements, settleAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Button } from '../Button/Button';
import { loadSamplePhoto } from '../MessagePhoto/MessagePhoto.stories.photos';
import { Stack } from '../Stack/Stack';
import type { MessageListMessage } from './MessageItem';
import { autoScrollThresholdPx, MessageList } from './MessageList';
import {
  messageExcerpt,
  messageStatusText,
  newMessageAnnouncement,
  notDeliveredText,
  notSentText,
  statusAnnouncement,
} from './messageStatus';

/** The fixed clock of these stories: Friday 14 March 2025, noon, local time. */
const now = new Date(2025, 2, 14, 12, 0);
const at = (day: number, hour: number, minute = 0) =>
  new Date(2025, 2, day, hour, minute).toISOString();

const conversation: MessageListMessage[] = [
  {
    id: 'm1',
    text: 'Hello! I am the tutor for Ana this term.',
    from: 'tutor',
    sentAt: at(7, 17),
    status: 'delivered',
  },
  {
    id: 'm2',
    text: 'Reminder: tutoring sessions pause for spring break next week.',
    from: 'team',
    sentAt: at(8, 9),
  },
  {
    id: 'm3',
    text: 'Thank you! Ana is excited.',
    from: 'family',
    sentAt: at(10, 18, 30),
  },
  {
    id: 'm4',
    text: 'Great session today. See you Friday?',
    from: 'tutor',
    sentAt: at(13, 16, 5),
    status: 'delivered',
  },
  {
    id: 'm5',
    text: 'Yes, 4 pm works.\nShe finished her reading homework.',
    from: 'family',
    sentAt: at(14, 9, 15),
  },
];

const meta = {
  title: 'Components/Messenger/MessageList',
  component: MessageList,
  tags: ['autodocs'],
  // Pending buttons leave react-aria announcements behind; see cleanUpAnnouncements.
  beforeEach: cleanUpAnnouncements,
  args: {
    messages: conversation,
    guardianName: 'Maria Lopez',
    teamLabel: 'Tutoring team',
    now,
  },
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The list's one live region: what a screen reader is told, in order. */
const announcements = (canvas: Canvas) => {
  const region: HTMLElement = canvas.getByRole('status', { name: 'Chat updates' });
  return Array.from(region.querySelectorAll('p'), (line) => line.textContent);
};

/** Date groups with the fixed clock; sender labels; the tutor's bubbles right, others left. */
export const DateGroups: Story = {
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log', { name: 'Messages with Maria Lopez' });
    // The transcript is not live itself: the list's own region says what changed, once.
    await expect(log).toHaveAttribute('aria-live', 'off');
    await expect(canvas.getByRole('status', { name: 'Chat updates' })).toBeEmptyDOMElement();
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
    await expect(tutor).toHaveAttribute('data-from', 'tutor');
    await expect(guardian).toHaveAttribute('data-from', 'family');
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
  text: `Message ${index + 1}: how did the fractions practice go this week?`,
  from: index % 2 === 0 ? 'tutor' : 'family',
  sentAt: at(14, 8, index * 2),
  ...(index % 2 === 0 ? { status: 'delivered' as const } : {}),
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
                text: `New reply ${current.length + 1}`,
                from: 'family',
                sentAt: at(14, 11, current.length),
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

const spamReason = 'the carrier blocked it as spam';
const unreachableReason = 'the phone was unreachable';

/** The tutor's texts in every status (short enough to fit the log). */
const statusConversation: MessageListMessage[] = [
  {
    id: 'd1',
    text: 'Hello! I am the tutor for Ana this term.',
    from: 'tutor',
    sentAt: at(14, 9, 0),
    status: 'delivered',
  },
  {
    id: 'd2',
    text: 'Yes, Tuesday at 4 pm works. Ana can bring her fractions worksheet.',
    from: 'tutor',
    sentAt: at(14, 10, 0),
    status: 'notDelivered',
    failureReason: unreachableReason,
  },
  {
    id: 'd3',
    text: 'Reminder: we meet on the usual link.',
    from: 'tutor',
    sentAt: at(14, 10, 5),
    status: 'notDelivered',
    failureReason: spamReason,
  },
  {
    id: 'd4',
    text: 'See you then!',
    from: 'tutor',
    sentAt: at(14, 11, 0),
    status: 'sent',
  },
  {
    id: 'sending-1',
    text: 'Ana did great today.',
    from: 'tutor',
    sentAt: at(14, 11, 30),
    status: 'sending',
  },
];

const itemOf = (log: HTMLElement, text: string) => {
  const item = within(log).getByText(text).closest('li');
  if (!item) throw new Error(`No message '${text}'`);
  return within(item);
};

/** The words of the status line under a text, wherever it sits. */
const statusOf = (log: HTMLElement, text: string) =>
  itemOf(log, text)
    .queryAllByText((_, element) => element?.hasAttribute('data-message-status') ?? false)
    .map((element) => element.textContent);

/**
 * A status on every text of the tutor's: 'Sending…' until the server answers, 'Sent' once the
 * provider has it, 'Delivered', and 'Not delivered' with the provider's reason in plain words and
 * a Retry button that names its text for screen readers.
 */
export const DeliveryStatus: Story = {
  name: 'Delivery status',
  args: { messages: statusConversation, onRetry: fn() },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    await expect(statusOf(log, 'Hello! I am the tutor for Ana this term.')).toEqual(['Delivered']);
    await expect(statusOf(log, 'See you then!')).toEqual(['Sent']);
    await expect(statusOf(log, 'Ana did great today.')).toEqual(['Sending…']);
    await expect(itemOf(log, 'See you then!').queryByRole('button')).toBeNull();
    await expect(statusOf(log, statusConversation[1]?.text ?? '')).toEqual([
      'Not delivered: the phone was unreachable',
    ]);
    await expect(statusOf(log, 'Reminder: we meet on the usual link.')).toEqual([
      'Not delivered: the carrier blocked it as spam',
    ]);
    const retry = itemOf(log, statusConversation[1]?.text ?? '').getByRole('button', {
      name: 'Retry sending: Yes, Tuesday at 4 pm works. Ana can…',
    });
    await expect(retry).toHaveTextContent('Retry');

    // A 24 px target at least (WCAG 2.2 2.5.8), small enough for the line under the bubble.
    const { height, width } = retry.getBoundingClientRect();
    await expect(height).toBeGreaterThanOrEqual(24);
    await expect(width).toBeGreaterThanOrEqual(24);
    await expect(height).toBeLessThan(44);
    // The status and its button sit at the right edge, under the tutor's bubble.
    const bubble = within(log).getByText(statusConversation[1]?.text ?? '');
    await expect(
      Math.abs(bubble.getBoundingClientRect().right - retry.getBoundingClientRect().right),
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
  },
};

/** The status line's words, from the pure function the list and its announcer share. */
export const StatusWords: Story = {
  name: 'Status words',
  play: async () => {
    await expect(messageStatusText({ status: 'sending' })).toBe('Sending…');
    await expect(messageStatusText({ status: 'sent' })).toBe('Sent');
    await expect(messageStatusText({ status: 'delivered' })).toBe('Delivered');
    await expect(messageStatusText({ status: 'notDelivered' })).toBe('Not delivered');
    await expect(messageStatusText({ status: 'notDelivered', failureReason: spamReason })).toBe(
      'Not delivered: the carrier blocked it as spam',
    );
    // Sent again, a text says 'Sending…' until the server answers, whatever it said before.
    await expect(
      messageStatusText({ status: 'notDelivered', failureReason: spamReason, isBeingSent: true }),
    ).toBe('Sending…');
    await expect(messageStatusText({ status: 'notSent', familyLanguageName: 'Spanish' })).toBe(
      'Not sent: it could not be translated into Spanish.',
    );
    await expect(messageStatusText({ status: undefined })).toBeNull();
    await expect(notDeliveredText('  ')).toBe('Not delivered');
    await expect(notSentText(undefined)).toBe('Not sent: it could not be translated.');
    await expect(statusAnnouncement('Delivered', 'See you at 4!')).toBe(
      'Delivered — “See you at 4!”',
    );
    await expect(
      statusAnnouncement('Not sent: it could not be translated into Spanish.', 'Hi'),
    ).toBe('Not sent: it could not be translated into Spanish — “Hi”');
    await expect(newMessageAnnouncement('Ana Martinez', 'See you!', 0)).toBe(
      'New message from Ana Martinez: See you!',
    );
    await expect(newMessageAnnouncement('Ana Martinez', '', 1)).toBe('New photo from Ana Martinez');
    await expect(newMessageAnnouncement('Ana Martinez', 'Look!', 2)).toBe(
      'New message from Ana Martinez, with 2 photos: Look!',
    );
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

/**
 * A retry in flight: its text says 'Sending…' instead of 'Not delivered', its button shows it is
 * busy and ignores presses; the other text's stays ready.
 */
export const RetryInFlight: Story = {
  name: 'Retry in flight',
  args: { messages: statusConversation, onRetry: fn(), retryingMessageIds: new Set(['d2']) },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    await expect(statusOf(log, statusConversation[1]?.text ?? '')).toEqual(['Sending…']);
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

/** Without onRetry (a view that cannot send): the status alone, no button. */
export const NotDeliveredWithoutRetry: Story = {
  name: 'Not delivered without retry',
  args: { messages: statusConversation },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/^Not delivered: /)).toHaveLength(2);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The answer to the retry the RetrySucceeds story is waiting on. */
let retryAnswer = createDeferred();

/**
 * Retry, as the page does it: 'Sending…' while the server answers, then the new status, 'Sent',
 * announced once; the button goes with the failure, and focus goes back to the transcript.
 */
export const RetrySucceeds: Story = {
  name: 'Retry succeeds',
  args: { messages: statusConversation },
  render: function Retrying(args) {
    const [messages, setMessages] = useState(args.messages);
    const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
    const retry = (id: string) => {
      retryAnswer = createDeferred();
      setRetrying(new Set([id]));
      void retryAnswer.promise.then(() => {
        setRetrying(new Set());
        setMessages((current) =>
          current.map((message) =>
            message.id === id ? { ...message, status: 'sent', failureReason: undefined } : message,
          ),
        );
      });
    };
    return (
      <MessageList {...args} messages={messages} onRetry={retry} retryingMessageIds={retrying} />
    );
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const text = statusConversation[1]?.text ?? '';
    await userEvent.click(canvas.getByRole('button', { name: /^Retry sending: Yes, Tuesday/ }));
    await waitFor(() => expect(statusOf(log, text)).toEqual(['Sending…']));
    // Nothing is announced for what the tutor just did (the pending button says so itself).
    await expect(announcements(canvas)).toEqual([]);

    retryAnswer.resolve();
    await waitFor(() => expect(statusOf(log, text)).toEqual(['Sent']));
    await expect(itemOf(log, text).queryByRole('button')).toBeNull();
    await expect(log).toHaveFocus();
    await expect(canvas.getAllByText(/^Not delivered/)).toHaveLength(1);
    await waitFor(() =>
      expect(announcements(canvas)).toEqual(['Sent — “Yes, Tuesday at 4 pm works. Ana can…”']),
    );
    // The finished pending state leaves a dangling react-aria announcement (see helper).
    await settleAnnouncements();
  },
};

const spanish = { languageName: 'Spanish', languageCode: 'es' } as const;

/** A Spanish-speaking family whose messages are translated, both ways. */
const translatedConversation: MessageListMessage[] = [
  {
    id: 't1',
    text: 'Hi Rosa, does Monday at 4 still work for Carla?',
    from: 'tutor',
    sentAt: at(14, 9, 0),
    status: 'delivered',
    translation: {
      ...spanish,
      text: '¿Hola Rosa, le sigue viniendo bien el lunes a las 4 a Carla?',
    },
  },
  {
    id: 't2',
    text: 'Sí, el lunes a las 4 está bien. Gracias.',
    from: 'family',
    sentAt: at(14, 9, 30),
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

/**
 * A reply that should have been translated and was not (it came before translation was on): its
 * own words, marked in Spanish, and 'Not translated' where 'Translated from Spanish' would be, so
 * nothing promises a translation it does not have.
 */
export const ReplyNotTranslated: Story = {
  name: 'Reply not translated',
  args: {
    guardianName: 'Rosa Reyes',
    familyLanguage: { name: 'Spanish', code: 'es' },
    messages: [
      translatedConversation[0] as MessageListMessage,
      {
        id: 'nt1',
        text: 'Carla no puede el lunes, ¿podemos el martes?',
        from: 'family',
        sentAt: at(14, 10, 0),
        notTranslated: true,
      },
    ],
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const text = 'Carla no puede el lunes, ¿podemos el martes?';
    const item = itemOf(log, text);
    await expect(item.getByText('Not translated')).toBeVisible();
    await expect(item.getByText(text)).toHaveAttribute('lang', 'es');
    await expect(item.queryByText(/Translated from/)).toBeNull();
    await expect(item.queryByRole('button')).toBeNull();
  },
};

/** A text that could not be translated into the family's language, so it was not sent. */
const untranslatedConversation: MessageListMessage[] = [
  translatedConversation[0] as MessageListMessage,
  {
    id: 'u1',
    text: 'Can Carla bring her library book on Monday?',
    from: 'tutor',
    sentAt: at(14, 10, 0),
    status: 'notSent',
  },
];

/**
 * A text that could not be translated: 'Not sent' names the language, and the tutor chooses,
 * Retry (translate again) or 'Send in English' (as written). Each button names its text.
 */
export const Untranslated: Story = {
  name: 'Not translated, two choices',
  args: {
    messages: untranslatedConversation,
    guardianName: 'Rosa Reyes',
    familyLanguage: { name: 'Spanish', code: 'es' },
    onRetry: fn(),
    onSendAsWritten: fn(),
  },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    const item = itemOf(log, 'Can Carla bring her library book on Monday?');
    await expect(statusOf(log, 'Can Carla bring her library book on Monday?')).toEqual([
      'Not sent: it could not be translated into Spanish.',
    ]);
    await expect(item.queryByText('Delivered')).toBeNull();
    const retry = item.getByRole('button', {
      name: 'Retry sending: Can Carla bring her library book on…',
    });
    const asWritten = item.getByRole('button', {
      name: 'Send in English as written: Can Carla bring her library book on…',
    });
    await expect(asWritten).toHaveTextContent('Send in English');
    for (const button of [retry, asWritten]) {
      const { height, width } = button.getBoundingClientRect();
      await expect(height).toBeGreaterThanOrEqual(24);
      await expect(width).toBeGreaterThanOrEqual(24);
    }
    await userEvent.click(asWritten);
    await expect(args.onSendAsWritten).toHaveBeenCalledWith('u1');
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledWith('u1');
  },
};

/** Send as written in flight: 'Sending…', and neither choice takes a press meanwhile. */
export const UntranslatedSending: Story = {
  name: 'Not translated, sending as written',
  args: {
    messages: untranslatedConversation,
    guardianName: 'Rosa Reyes',
    familyLanguage: { name: 'Spanish', code: 'es' },
    onRetry: fn(),
    onSendAsWritten: fn(),
    sendingAsWrittenMessageIds: new Set(['u1']),
  },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    await expect(statusOf(log, 'Can Carla bring her library book on Monday?')).toEqual([
      'Sending…',
    ]);
    const sending = canvas.getByRole('button', { name: /^Send in English as written: Can Carla/ });
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

/**
 * A text the tutor sent as written to a family whose texts are translated: 'Sent in English, as
 * written' instead of 'Sent in Spanish', and no translation to show.
 */
export const SentAsWritten: Story = {
  name: 'Sent as written',
  args: {
    guardianName: 'Rosa Reyes',
    familyLanguage: { name: 'Spanish', code: 'es' },
    messages: [
      translatedConversation[0] as MessageListMessage,
      {
        ...(untranslatedConversation[1] as MessageListMessage),
        status: 'delivered',
        sentAsWritten: true,
      },
    ],
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    const item = itemOf(log, 'Can Carla bring her library book on Monday?');
    await expect(item.getByText('Sent in English, as written')).toBeVisible();
    await expect(statusOf(log, 'Can Carla bring her library book on Monday?')).toEqual([
      'Delivered',
    ]);
    await expect(item.queryByText('Sent in Spanish')).toBeNull();
    await expect(item.queryByRole('button')).toBeNull();
  },
};

/** Grace's pictures: a drawing with a few words, then a worksheet on its own. */
const photoConversation: MessageListMessage[] = [
  {
    id: 'p0',
    text: 'Could Liam send a photo of his worksheet?',
    from: 'tutor',
    sentAt: at(14, 9, 0),
    status: 'delivered',
  },
  {
    id: 'p1',
    text: 'Liam drew this for you!',
    from: 'family',
    sentAt: at(14, 9, 30),
    photos: [{ id: 'photo-drawing' }],
  },
  {
    id: 'p2',
    text: '',
    from: 'family',
    sentAt: at(14, 9, 31),
    photos: [{ id: 'photo-worksheet' }],
  },
];

/** Waits until every picture of the log has loaded (the loader draws and encodes them). */
const photosLoaded = (log: HTMLElement) =>
  waitFor(() => {
    const images = within(log).getAllByRole('img');
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(
        (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ).toBe(true);
    }
    return images;
  });

/**
 * Pictures from a family, in their bubble with any words that came with them: each named after
 * the sender, shown from a blob: URL of the bytes the page's loader fetched.
 */
export const PhotoFromFamily: Story = {
  name: 'Photo from the family',
  args: { messages: photoConversation, guardianName: 'Grace Okafor', loadPhoto: loadSamplePhoto },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    await photosLoaded(log);
    const withWords = itemOf(log, 'Liam drew this for you!');
    const drawing = withWords.getByRole('img', { name: 'Photo from Grace Okafor' });
    await expect(drawing.getAttribute('src')).toMatch(/^blob:/);
    // The picture sits above its words, in the one bubble.
    const words = withWords.getByText('Liam drew this for you!');
    await expect(drawing.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      words.getBoundingClientRect().top,
    );
    const alone = within(log).getAllByRole('listitem').at(-1) as HTMLElement;
    await expect(within(alone).getByRole('img', { name: 'Photo from Grace Okafor' })).toBeVisible();
    // Each opens larger: a button named by its picture.
    await expect(
      within(log).getAllByRole('button', { name: 'Photo from Grace Okafor' }),
    ).toHaveLength(2);
  },
};

/** A picture pressed: larger in a dialog named like it, with Close; Escape closes it too. */
export const PhotoEnlarged: Story = {
  name: 'Photo from the family, enlarged',
  args: { messages: photoConversation, guardianName: 'Grace Okafor', loadPhoto: loadSamplePhoto },
  play: async ({ canvas, canvasElement }) => {
    const log = canvas.getByRole('log');
    await photosLoaded(log);
    const page = within(canvasElement.ownerDocument.body);
    const [thumbnail] = within(log).getAllByRole('button', { name: 'Photo from Grace Okafor' });
    if (!thumbnail) throw new Error('No photo');

    // Keyboard: Enter opens it, Escape closes it, focus returns to the picture.
    thumbnail.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page.findByRole('dialog', { name: 'Photo from Grace Okafor' }));
    await expect(
      within(dialog).getByRole('img', { name: 'Photo from Grace Okafor' }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(thumbnail).toHaveFocus());

    // Pointer: a press opens it, with a Close button; left open for the screenshot, over the log
    // at its start (where the picture is in full view, so the press scrolls nothing).
    log.scrollTop = 0;
    await waitForScrollEvents();
    await userEvent.click(thumbnail);
    const opened = await revealed(page.findByRole('dialog', { name: 'Photo from Grace Okafor' }));
    await expect(within(opened).getByRole('button', { name: 'Close' })).toBeVisible();
    const enlarged = within(opened).getByRole('img', { name: 'Photo from Grace Okafor' });
    await waitFor(() =>
      expect(enlarged.getBoundingClientRect().width).toBeGreaterThan(
        thumbnail.getBoundingClientRect().width,
      ),
    );
  },
};

/**
 * What a screen reader hears, once each, from the list's one polite live region: a new reply
 * ('New message from Maria Lopez: …'), a new photo, and each change of a text's status. The
 * transcript is not live, so none of it is said twice; nothing already there when the chat
 * opened is news.
 */
export const Announcements: Story = {
  args: { messages: statusConversation.slice(0, 4), onRetry: fn() },
  render: function Arriving(args) {
    const [messages, setMessages] = useState(args.messages);
    const update = (change: (current: readonly MessageListMessage[]) => MessageListMessage[]) =>
      setMessages(change);
    latestUpdate = update;
    return <MessageList {...args} messages={messages} />;
  },
  play: async ({ canvas }) => {
    await expect(announcements(canvas)).toEqual([]);
    // A poll brings a reply and a picture, and the carrier's word on two texts.
    latestUpdate?.((current) => [
      ...current.map(
        (message): MessageListMessage =>
          message.id === 'd4' ? { ...message, status: 'delivered' } : message,
      ),
      { id: 'r1', text: 'See you Tuesday!', from: 'family', sentAt: at(14, 11, 40) },
      { id: 'r2', text: '', from: 'family', sentAt: at(14, 11, 41), photos: [{ id: 'photo-x' }] },
    ]);
    await waitFor(() =>
      expect(announcements(canvas)).toEqual([
        'Delivered — “See you then!”',
        'New message from Maria Lopez: See you Tuesday!',
        'New photo from Maria Lopez',
      ]),
    );
    // The same answer again (a poll with nothing new) says nothing more.
    latestUpdate?.((current) => current.map((message) => ({ ...message })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(announcements(canvas)).toHaveLength(3);
    const region = canvas.getByRole('status', { name: 'Chat updates' });
    await expect(region).toHaveAttribute('aria-atomic', 'false');
    await expect(canvas.getByRole('log')).toHaveAttribute('aria-live', 'off');
  },
};

/** The Announcements story's way to change its messages from the play function. */
let latestUpdate:
  | ((change: (current: readonly MessageListMessage[]) => MessageListMessage[]) => void)
  | undefined;

/** Texts held for the family's quiet hours (issue 35): tonight, tomorrow, and the day after. */
const scheduledConversation: MessageListMessage[] = [
  {
    id: 's1',
    text: 'Can we start at 4:30 tomorrow?',
    from: 'tutor',
    sentAt: at(14, 11, 40),
    status: 'scheduled',
    scheduledFor: at(14, 20, 0),
  },
  {
    id: 's2',
    text: 'Bring the reading log, please.',
    from: 'tutor',
    sentAt: at(14, 11, 45),
    status: 'scheduled',
    scheduledFor: at(15, 8, 0),
  },
  {
    id: 's3',
    text: 'Reminder for Sunday: bring the worksheet.',
    from: 'tutor',
    sentAt: at(14, 11, 50),
    status: 'scheduled',
    scheduledFor: at(16, 8, 0),
  },
];

/**
 * A text held for the family's quiet hours: 'Scheduled for 8:00 PM' today, '8:00 AM tomorrow',
 * '8:00 AM on Sun, Mar 16', and Send now and Cancel that name their text; both reachable from the
 * keyboard.
 */
export const Scheduled: Story = {
  name: 'Scheduled texts',
  args: { messages: scheduledConversation, onSendNow: fn(), onCancelScheduled: fn() },
  play: async ({ canvas, args }) => {
    const log = canvas.getByRole('log');
    await expect(statusOf(log, 'Can we start at 4:30 tomorrow?')).toEqual([
      messageStatusText({ status: 'scheduled', scheduledFor: at(14, 20, 0), now }),
    ]);
    await expect(statusOf(log, 'Can we start at 4:30 tomorrow?')[0]).toMatch(
      /^Scheduled for 8:00\sPM$/,
    );
    await expect(statusOf(log, 'Bring the reading log, please.')[0]).toMatch(
      /^Scheduled for 8:00\sAM tomorrow$/,
    );
    await expect(statusOf(log, 'Reminder for Sunday: bring the worksheet.')[0]).toMatch(
      /^Scheduled for 8:00\sAM on Sun, Mar 16$/,
    );
    const sendNow = canvas.getByRole('button', {
      name: 'Send now: Can we start at 4:30 tomorrow?',
    });
    await userEvent.click(sendNow);
    await expect(args.onSendNow).toHaveBeenCalledWith('s1');
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Cancel scheduled text: Can we start at 4:30 tomorrow?' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCancelScheduled).toHaveBeenCalledWith('s1');
  },
};

/** Send now in flight: the text says 'Sending…' and Cancel waits. */
export const ScheduledSendingNow: Story = {
  name: 'Scheduled text sending now',
  args: {
    messages: scheduledConversation,
    onSendNow: fn(),
    onCancelScheduled: fn(),
    sendingNowMessageIds: new Set(['s1']),
  },
  play: async ({ canvas }) => {
    const log = canvas.getByRole('log');
    await expect(statusOf(log, 'Can we start at 4:30 tomorrow?')).toEqual(['Sending…']);
    await expect(
      canvas.getByRole('button', { name: 'Cancel scheduled text: Can we start at 4:30 tomorrow?' }),
    ).toBeDisabled();
  },
};
