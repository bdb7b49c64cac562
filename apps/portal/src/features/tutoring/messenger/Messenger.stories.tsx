import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  conversationTranslated,
  conversationWithDateGroups,
  longConversation,
  messagesByStudentId,
  scenarios,
  studentAna,
  studentSpanishAtTenDays,
} from '@tutoring/api/mocks/fixtures';
import { settleAnnouncements } from '@tutoring/ui/lib/storyCleanup/liveAnnouncer';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import { adminSenderLabel, MessengerPage } from './MessengerPage';

/**
 * /tutoring/messenger/{studentId} (§2, §4): the chat with a student's guardian. Messages are
 * grouped Today, Yesterday, by weekday within 7 days, else by the full date, counted from the
 * workbench's fixed clock (Friday 20 November 2026); the guardian's own number never shows, only
 * the private forwarding number.
 */
const meta = {
  title: 'Screens/Tutoring/Messenger',
  component: MessengerPage,
  tags: ['screen'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MessengerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const chatWith = (studentId: string, seed = {}, behaviour = {}) =>
  screenParameters(
    { path: `/tutoring/messenger/${studentId}`, session: 'tutor' },
    { seed: { ...scenarios.noNewWeeklyAnnouncement, ...seed }, behaviour },
  );

const messageLog = async (canvas: ReturnType<typeof within>, guardian: string) =>
  within(await canvas.findByRole('log', { name: `Messages with ${guardian}` }));

/** Ana's family: four date groups, guardian messages by name and admin notices by label. */
export const DateGroups: Story = {
  name: 'Date groups',
  parameters: chatWith(studentAna.id),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Chat with Lucía García' }),
    ).toBeVisible();
    const log = await messageLog(canvas, 'Lucía García');
    const labels = log.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(labels).toEqual(['Thursday, November 5, 2026', 'Tuesday', 'Yesterday', 'Today']);
    await expect(log.getAllByText(adminSenderLabel).length).toBeGreaterThan(0);
    await expect(log.getAllByText('Lucía García').length).toBeGreaterThan(0);
    // The private forwarding number, never the guardian's own.
    await expect(canvas.getByText('+1 (510) 555-0142')).toBeVisible();
  },
};

/** A long thread (42 messages over seven weeks, long texts and links) scrolls in the log. */
export const LongThread: Story = {
  name: 'Long thread',
  parameters: chatWith('stu-liam'),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Grace Okafor');
    await waitFor(() =>
      expect(log.getAllByRole('listitem').length).toBeGreaterThanOrEqual(longConversation.length),
    );
  },
};

/** No messages yet: the log is empty and the composer ready. */
export const Empty: Story = {
  parameters: chatWith('stu-mia'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Chat with Thanh Nguyen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message to Thanh' })).toBeVisible();
  },
};

/** The first load has not answered yet. */
export const Loading: Story = {
  parameters: chatWith(studentAna.id, {}, { 'POST /tutor/messages': { delay: 'infinite' } }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading the chat' }),
    ).toBeVisible();
  },
};

/** The chat could not be loaded (a server failure): Try again. */
export const LoadFailed: Story = {
  name: 'Load failed',
  parameters: chatWith(
    studentAna.id,
    {},
    { 'POST /tutor/messages': { fail: { status: 'INTERNAL', message: 'Internal server error.' } } },
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The chat could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Another tutor's student: 'Chat not found', asked once (§6). */
export const ChatNotFound: Story = {
  name: 'Chat not found',
  parameters: chatWith('stu-noah'),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Chat not found' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  },
};

/** Enter sends (§5): the text is trimmed and appears under Today. */
export const SendMessage: Story = {
  name: 'Message sent',
  parameters: chatWith('stu-mia'),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Thanh' });
    await userEvent.type(box, '  See you on Monday at 3:30!{Enter}');
    const log = await messageLog(canvas, 'Thanh Nguyen');
    await expect(await log.findByText('See you on Monday at 3:30!')).toBeVisible();
    await expect(log.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    await expect(box).toHaveValue('');
  },
};

/** The SMS provider refused the text: it stays in the box, and the page says so (§8). */
export const SendFailed: Story = {
  name: 'Send failed',
  parameters: chatWith(studentAna.id, scenarios.textsFailToSend),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Lucía' });
    await userEvent.type(box, 'Nos vemos el martes.');
    await userEvent.click(canvas.getByRole('button', { name: /^Send/ }));
    await expect(await canvas.findByText('Your message was not sent.')).toBeVisible();
    await expect(box).toHaveValue('Nos vemos el martes.');
  },
};

/** The emoji picker: 20 emojis (§9), inserted at the caret. */
export const EmojiPicker: Story = {
  name: 'Emoji picker open',
  parameters: chatWith('stu-mia'),
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Insert emoji' }));
    const picker = within(
      await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Emoji' }),
    );
    await expect(picker.getAllByRole('button')).toHaveLength(20);
  },
};

/** Ana's chat where the provider could not deliver the tutor's latest text ('sesión extra'). */
const undeliveredText = conversationWithDateGroups[5];
const withUndeliveredText = {
  conversations: {
    ...messagesByStudentId,
    [studentAna.id]: conversationWithDateGroups.map((message) =>
      message.id === undeliveredText?.id
        ? { ...message, deliveryStatus: 'undelivered' as const }
        : message,
    ),
  },
};

const messageItem = async (canvas: ReturnType<typeof within>, body: string) => {
  const log = await messageLog(canvas, 'Lucía García');
  const item = (await log.findByText(body)).closest('li');
  if (!item) throw new Error(`No message '${body}'`);
  return within(item);
};

/**
 * A text the provider could not deliver: 'Not delivered' and Retry under it, 'Delivered' under
 * the others. Retry sends it again (the provider takes it: queued), and the status goes.
 */
export const RetryUndelivered: Story = {
  name: 'Text not delivered, retried',
  parameters: chatWith(studentAna.id, withUndeliveredText),
  play: async ({ canvas }) => {
    const item = await messageItem(canvas, undeliveredText?.body ?? '');
    await expect(item.getByText('Not delivered')).toBeVisible();
    const log = await messageLog(canvas, 'Lucía García');
    await expect(log.getAllByText('Delivered')).toHaveLength(2);

    await userEvent.click(item.getByRole('button', { name: /^Retry sending: Hola Lucía/ }));
    await waitFor(() => expect(item.queryByText('Not delivered')).toBeNull());
    await expect(item.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    // Focus went back to the transcript with the button.
    await expect(canvas.getByRole('log', { name: 'Messages with Lucía García' })).toHaveFocus();

    // react-aria announced the focused button turning pending by pointing its live announcer at
    // the button, which has now gone; the announcer would drop that entry after 7 s, and until
    // then axe sees an image without a name. The check is of the page as it then stands, so the
    // entry is dropped now rather than waited out (see the helper).
    await settleAnnouncements();
  },
};

/** The provider refuses the text again (503): the page says so and it stays 'Not delivered'. */
export const RetryRefused: Story = {
  name: 'Text not delivered, retry refused',
  parameters: chatWith(studentAna.id, { ...withUndeliveredText, ...scenarios.textsFailToSend }),
  play: async ({ canvas }) => {
    const item = await messageItem(canvas, undeliveredText?.body ?? '');
    await userEvent.click(item.getByRole('button', { name: /^Retry sending: Hola Lucía/ }));
    await expect(await canvas.findByText('Your message was not sent again.')).toBeVisible();
    await expect(item.getByText('Not delivered')).toBeVisible();
    // Ready for another try once the refusal is in.
    await waitFor(() =>
      expect(item.getByRole('button', { name: /^Retry sending/ })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
  },
};

const translatedNotice =
  "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.";

const itemIn = (log: ReturnType<typeof within>, text: string) => {
  const item = log.getByText(text).closest('li');
  if (!item) throw new Error(`No message '${text}'`);
  return within(item);
};

/**
 * Carla's family reads Spanish and this server translates: the page says so; Maya's texts show
 * her own words, 'Sent in Spanish' and what the family received one press away; Rosa's replies
 * show their English, 'Translated from Spanish' and the original one press away.
 */
export const FamilyTranslated: Story = {
  name: 'Spanish family, translated',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.familyTranslated),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    await expect(canvas.getByText(translatedNotice)).toBeVisible();

    const [first] = conversationTranslated;
    const sent = itemIn(log, first?.body ?? '');
    await expect(sent.getByText('Sent in Spanish')).toBeVisible();
    await userEvent.click(sent.getByRole('button', { name: 'Show what the family received' }));
    const received = sent.getByText(first?.translation?.text ?? '');
    await expect(received).toBeVisible();
    await expect(received).toHaveAttribute('lang', 'es');
    await expect(
      sent.getByRole('button', { name: 'Hide what the family received' }),
    ).toHaveAttribute('aria-expanded', 'true');

    const reply = conversationTranslated.at(-1);
    const replied = itemIn(log, reply?.translation?.text ?? '');
    await expect(replied.getByText('Translated from Spanish')).toBeVisible();
    await expect(replied.getByText(reply?.body ?? '')).not.toBeVisible();
    await userEvent.click(replied.getByRole('button', { name: 'Show original' }));
    await expect(replied.getByText(reply?.body ?? '')).toBeVisible();
    await expect(replied.getByText(reply?.body ?? '')).toHaveAttribute('lang', 'es');

    // Opening the last message's original brings it just into view; the next poll (every 5 s)
    // then takes the log, near its end, to the end. The screenshot must not depend on whether a
    // poll came before it: the log is put at its end here, where that poll leaves it.
    const logElement = await canvas.findByRole('log', { name: 'Messages with Rosa Reyes' });
    logElement.scrollTop = logElement.scrollHeight;
    await waitFor(() =>
      expect(logElement.scrollTop + logElement.clientHeight).toBeGreaterThanOrEqual(
        logElement.scrollHeight - 1,
      ),
    );
  },
};

/**
 * A long text to a translated family: under the box, about how many texts it goes out as in
 * Spanish (accented texts go out 70 characters to a text, 67 once split).
 */
export const TranslatedTextEstimate: Story = {
  name: 'Spanish family, long text estimate',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.familyTranslated),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Rosa' });
    await userEvent.type(box, 'Carla read two chapters today and answered every question.');
    await expect(canvas.getByText('In Spanish this will go out as about 2 texts.')).toBeVisible();
  },
};

/**
 * Ana's family reads Spanish, but this server does not translate: the page says texts go out
 * exactly as written, and nothing in the chat claims a translation.
 */
export const TranslationOff: Story = {
  name: 'Spanish family, translation off',
  parameters: chatWith(studentAna.id),
  play: async ({ canvas }) => {
    await messageLog(canvas, 'Lucía García');
    await expect(
      canvas.getByText(
        "This family's language is Spanish. Messages are sent exactly as you write them.",
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/translated/)).toBeNull();
    await expect(canvas.queryByText(/Sent in Spanish/)).toBeNull();
  },
};

/** Carla's chat where Maya's latest text could not be translated, so it was not sent. */
const untranslatedText = {
  id: 'msg-carla-untranslated',
  body: 'Can Carla bring her library book on Monday?',
  isFromTutor: 'Yes',
  dateSent: '2026-11-20T17:30:00.000Z',
  messageType: 'activity',
  deliveryStatus: 'untranslated',
} as const;
const withUntranslatedText = {
  ...scenarios.familyTranslated,
  conversations: {
    ...messagesByStudentId,
    [studentSpanishAtTenDays.id]: [...conversationTranslated, untranslatedText],
  },
};

/**
 * The translation failed: the text stays in the chat, 'Not sent: it could not be translated
 * into Spanish.', with the tutor's two choices, Retry (translate again) and Send as written.
 */
export const TranslationFailed: Story = {
  name: 'Spanish family, translation failed',
  parameters: chatWith(studentSpanishAtTenDays.id, withUntranslatedText),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const item = itemIn(log, untranslatedText.body);
    await expect(
      item.getByText('Not sent: it could not be translated into Spanish.'),
    ).toBeVisible();
    await expect(
      item.getByRole('button', {
        name: 'Retry sending: Can Carla bring her library book on…',
      }),
    ).toBeVisible();
    await expect(
      item.getByRole('button', {
        name: 'Send as written: Can Carla bring her library book on…',
      }),
    ).toBeVisible();
    await expect(item.queryByText('Sent in Spanish')).toBeNull();
  },
};

/** Send as written: the text goes in Maya's own words, and the 'Not sent' line goes. */
export const TranslationFailedSentAsWritten: Story = {
  name: 'Spanish family, translation failed, sent as written',
  parameters: chatWith(studentSpanishAtTenDays.id, withUntranslatedText),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const item = itemIn(log, untranslatedText.body);
    await userEvent.click(item.getByRole('button', { name: /^Send as written/ }));
    await waitFor(() => expect(item.queryByText(/^Not sent/)).toBeNull());
    await expect(item.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('log', { name: 'Messages with Rosa Reyes' })).toHaveFocus();
    // See RetryUndelivered: the pending button's announcement is dropped, not waited out.
    await settleAnnouncements();
  },
};
