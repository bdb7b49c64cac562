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
import type { MockDb } from '@tutoring/api/mocks/types';
import { settleAnnouncements } from '@tutoring/ui/lib/storyCleanup/liveAnnouncer';
import { revealed } from '@tutoring/ui/lib/storyOverlays/revealed';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { screenParameters } from '../../../testing/storybook/screenParameters';
import {
  adminSenderLabel,
  MessengerPage,
  offlineNoticeText,
  waitingForNetworkText,
} from './MessengerPage';
import { expectMessagingLayout, statusOf } from './messengerStoryChecks';

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

const itemIn = (log: ReturnType<typeof within>, text: string) => {
  const item = log.getByText(text).closest('li');
  if (!item) throw new Error(`No message '${text}'`);
  return within(item);
};

/** What the chat's one live region has said, oldest first, one ' | ' between two. */
const chatUpdates = (canvas: ReturnType<typeof within>) => {
  const region: HTMLElement = canvas.getByRole('status', { name: 'Chat updates' });
  return Array.from(region.querySelectorAll('p'), (line) => line.textContent).join(' | ');
};

/**
 * Ana's family: four date groups, guardian messages by name and admin notices by label. A
 * messaging screen: at 1280 x 800 the conversation fills the height beside the sidebar with the
 * composer at the bottom; at 390 x 844 the latest message and the composer are on screen as the
 * chat opens.
 */
export const DateGroups: Story = {
  name: 'Date groups',
  parameters: chatWith(studentAna.id),
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Chat with Lucía García' }),
    ).toBeVisible();
    const log = await messageLog(canvas, 'Lucía García');
    const labels = log.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(labels).toEqual(['Thursday, November 5, 2026', 'Tuesday', 'Yesterday', 'Today']);
    await expect(log.getAllByText(adminSenderLabel).length).toBeGreaterThan(0);
    await expect(log.getAllByText('Lucía García').length).toBeGreaterThan(0);
    // The private forwarding number, never the guardian's own, and the family's language.
    await expect(canvas.getByText('+1 (510) 555-0142')).toBeVisible();
    await expect(canvas.getByText('Spanish, sent as written')).toBeVisible();
    // No tutor header on a chat: the page's only h1 is the chat's.
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expectMessagingLayout(canvasElement, 'Lucía García');
  },
};

/** A long thread (42 messages over seven weeks, long texts and links) scrolls in the log. */
export const LongThread: Story = {
  name: 'Long thread',
  parameters: chatWith('stu-liam'),
  play: async ({ canvas, canvasElement }) => {
    const log = await messageLog(canvas, 'Grace Okafor');
    await waitFor(() =>
      expect(log.getAllByRole('listitem').length).toBeGreaterThanOrEqual(longConversation.length),
    );
    await expectMessagingLayout(canvasElement, 'Grace Okafor');
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

/** Enter sends (§5): the text is trimmed and appears under Today, 'Sent' once the server has it. */
export const SendMessage: Story = {
  name: 'Message sent',
  parameters: chatWith('stu-mia'),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Thanh' });
    await userEvent.type(box, '  See you on Monday at 3:30!{Enter}');
    const log = await messageLog(canvas, 'Thanh Nguyen');
    await expect(box).toHaveValue('');
    await waitFor(() => expect(statusOf(log, 'See you on Monday at 3:30!')).toEqual(['Sent']));
    await expect(log.getByText('See you on Monday at 3:30!')).toBeVisible();
    await expect(log.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
    await waitFor(() => expect(chatUpdates(canvas)).toBe('Sent — “See you on Monday at 3:30!”'));
    await settleAnnouncements();
  },
};

/** The server has not answered yet: the text is in the chat at once, 'Sending…'. */
export const Sending: Story = {
  name: 'Message sending',
  parameters: chatWith('stu-mia', {}, { 'POST /tutor/send-message': { delay: 'infinite' } }),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Thanh' });
    await userEvent.type(box, 'See you on Monday at 3:30!{Enter}');
    const log = await messageLog(canvas, 'Thanh Nguyen');
    await expect(await log.findByText('See you on Monday at 3:30!')).toBeVisible();
    await waitFor(() => expect(statusOf(log, 'See you on Monday at 3:30!')).toEqual(['Sending…']));
    await expect(box).toHaveValue('');
    await expect(canvas.getByRole('button', { name: /^Sending/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Nothing to announce yet: the pressed button says it is sending.
    await expect(chatUpdates(canvas)).toBe('');
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

/**
 * The tutor reached a sending limit (issue 36: 30 texts an hour to one family, 200 a day): the
 * server's reason says which and when, and the text stays in the box.
 */
export const SendLimitReached: Story = {
  name: 'Send limit reached',
  parameters: chatWith(
    studentAna.id,
    {},
    {
      'POST /tutor/send-message': {
        fail: {
          status: 'RESOURCE_EXHAUSTED',
          message:
            'You have reached the limit of 30 texts an hour to this family. You can send again in 12 minutes.',
        },
      },
    },
  ),
  play: async ({ canvas }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Lucía' });
    await userEvent.type(box, 'Nos vemos el martes.');
    await userEvent.click(canvas.getByRole('button', { name: /^Send/ }));
    const notice = (await canvas.findByText('Your message was not sent.')).parentElement;
    await expect(notice).toHaveTextContent(
      'You have reached the limit of 30 texts an hour to this family. You can send again in 12 minutes. Your text is back in the message box.',
    );
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
      await revealed(
        within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Emoji' }),
      ),
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
 * the others. Retry sends it again: 'Sending…' until the server answers, then 'Sent' (the
 * provider took it), announced once; the button goes with the failure.
 */
export const RetryUndelivered: Story = {
  name: 'Text not delivered, retried',
  parameters: chatWith(studentAna.id, withUndeliveredText, {
    // Long enough to see 'Sending…' before the answer.
    'POST /tutor/retry-message': { delay: 400 },
  }),
  play: async ({ canvas }) => {
    const item = await messageItem(canvas, undeliveredText?.body ?? '');
    const log = await messageLog(canvas, 'Lucía García');
    await expect(statusOf(log, undeliveredText?.body ?? '')).toEqual(['Not delivered']);
    await expect(log.getAllByText('Delivered')).toHaveLength(2);

    await userEvent.click(item.getByRole('button', { name: /^Retry sending: Hola Lucía/ }));
    await waitFor(() => expect(statusOf(log, undeliveredText?.body ?? '')).toEqual(['Sending…']));
    await waitFor(() => expect(statusOf(log, undeliveredText?.body ?? '')).toEqual(['Sent']));
    await expect(item.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(chatUpdates(canvas)).toBe('Sent — “Hola Lucía, ¿podemos tener una sesión…”'),
    );
    // Focus went back to the transcript with the button.
    await expect(canvas.getByRole('log', { name: 'Messages with Lucía García' })).toHaveFocus();

    // react-aria announced the focused button turning pending by pointing its live announcer at
    // the button, which has now gone; the announcer would drop that entry after 7 s, and until
    // then axe sees an image without a name. The check is of the page as it then stands, so the
    // entry is dropped now rather than waited out (see the helper).
    await settleAnnouncements();
  },
};

/** Retry pressed, the server not answered yet: 'Sending…' in place of 'Not delivered'. */
export const RetryInProgress: Story = {
  name: 'Text not delivered, retry in progress',
  parameters: chatWith(studentAna.id, withUndeliveredText, {
    'POST /tutor/retry-message': { delay: 'infinite' },
  }),
  play: async ({ canvas }) => {
    const item = await messageItem(canvas, undeliveredText?.body ?? '');
    const log = await messageLog(canvas, 'Lucía García');
    await userEvent.click(item.getByRole('button', { name: /^Retry sending: Hola Lucía/ }));
    await waitFor(() => expect(statusOf(log, undeliveredText?.body ?? '')).toEqual(['Sending…']));
    const retrying = item.getByRole('button', { name: /^Retry sending: Hola Lucía/ });
    await expect(retrying).toHaveAttribute('aria-disabled', 'true');
    await expect(chatUpdates(canvas)).toBe('');
  },
};

/**
 * The provider refuses the text again (503): the page says so, and the text shows what the
 * server now knows, 'Not delivered' with the carrier's reason, announced once.
 */
export const RetryRefused: Story = {
  name: 'Text not delivered, retry refused',
  parameters: chatWith(studentAna.id, { ...withUndeliveredText, ...scenarios.textsFailToSend }),
  play: async ({ canvas }) => {
    const item = await messageItem(canvas, undeliveredText?.body ?? '');
    const log = await messageLog(canvas, 'Lucía García');
    await userEvent.click(item.getByRole('button', { name: /^Retry sending: Hola Lucía/ }));
    await expect(await canvas.findByText('Your message was not sent again.')).toBeVisible();
    await waitFor(() =>
      expect(statusOf(log, undeliveredText?.body ?? '')).toEqual([
        'Not delivered: the carrier blocked it as spam',
      ]),
    );
    await waitFor(() =>
      expect(chatUpdates(canvas)).toBe(
        'Not delivered: the carrier blocked it as spam — “Hola Lucía, ¿podemos tener una sesión…”',
      ),
    );
    // Ready for another try once the refusal is in.
    await waitFor(() =>
      expect(item.getByRole('button', { name: /^Retry sending/ })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    await settleAnnouncements();
  },
};

/** Maya's newest text to Liam's family was blocked by the carrier as spam (30007). */
export const NotDeliveredSpam: Story = {
  name: 'Text not delivered, blocked as spam',
  parameters: chatWith('stu-liam', scenarios.textNotDeliveredAsSpam),
  play: async ({ canvas, canvasElement }) => {
    const log = await messageLog(canvas, 'Grace Okafor');
    const text =
      'Hi Grace, I hope Liam feels better! Here is the link for Thursday: https://learn.example.org/join/liam-okafor';
    await expect(statusOf(log, text)).toEqual(['Not delivered: the carrier blocked it as spam']);
    await expect(
      itemIn(log, text).getByRole('button', { name: /^Retry sending: Hi Grace, I hope Liam/ }),
    ).toBeVisible();
    await expectMessagingLayout(canvasElement, 'Grace Okafor');
  },
};

/** Two texts to Ana's family did not reach the phone (30003): each says why, each has Retry. */
export const NotDeliveredUnreachable: Story = {
  name: 'Texts not delivered, phone unreachable',
  parameters: chatWith(studentAna.id, scenarios.textsNotDeliveredUnreachable),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Lucía García');
    for (const text of [
      '¡Perfecto, Lucía! Nos vemos hoy a las 4.',
      'Lucía, ¿sigue en pie la sesión de hoy a las 4?',
    ]) {
      await expect(statusOf(log, text)).toEqual(['Not delivered: the phone was unreachable']);
      await expect(itemIn(log, text).getByRole('button', { name: /^Retry sending/ })).toBeVisible();
    }
  },
};

const translatedNotice =
  "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.";

/**
 * Carla's family reads Spanish and this server translates: the chat's line says so; Maya's texts show
 * her own words, 'Sent in Spanish' and what the family received one press away; Rosa's replies
 * show their English, 'Translated from Spanish' and the original one press away.
 */
export const FamilyTranslated: Story = {
  name: 'Spanish family, translated',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.familyTranslated),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    await expect(canvas.getByText('Spanish, translated')).toBeVisible();

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
    await expect(canvas.getByText('Spanish, sent as written')).toBeVisible();
    await expect(canvas.queryByText(/translated/)).toBeNull();
    await expect(canvas.queryByText(/Sent in Spanish/)).toBeNull();
  },
};

/**
 * The chat's line opened: why the number is private, and what happens to the family's language
 * (here translated both ways), one press away; Escape closes it and focus returns.
 */
export const InfoLineOpened: Story = {
  name: 'Chat details opened',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.familyTranslated),
  play: async ({ canvas, canvasElement }) => {
    await messageLog(canvas, 'Rosa Reyes');
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'About this chat' });
    await userEvent.click(trigger);
    const about = await revealed(page.findByRole('dialog', { name: 'About this chat' }));
    await expect(within(about).getByText(translatedNotice)).toBeVisible();
    await expect(
      within(about).getByText(/Your texts to Rosa go through this private number/),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Open again for the screenshot.
    await userEvent.click(trigger);
    await expect(
      await revealed(page.findByRole('dialog', { name: 'About this chat' })),
    ).toBeVisible();
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
 * into Spanish.', with the tutor's two choices, Retry (translate again) and Send in English (as
 * written): the button names the language it sends in.
 */
export const TranslationFailed: Story = {
  name: 'Spanish family, translation failed',
  parameters: chatWith(studentSpanishAtTenDays.id, withUntranslatedText),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const item = itemIn(log, untranslatedText.body);
    await expect(statusOf(log, untranslatedText.body)).toEqual([
      'Not sent: it could not be translated into Spanish.',
    ]);
    await expect(
      item.getByRole('button', {
        name: 'Retry sending: Can Carla bring her library book on…',
      }),
    ).toBeVisible();
    const asWritten = item.getByRole('button', {
      name: 'Send in English as written: Can Carla bring her library book on…',
    });
    await expect(asWritten).toHaveTextContent('Send in English');
    await expect(item.queryByText('Sent in Spanish')).toBeNull();
  },
};

/**
 * Send in English: the text goes in Maya's own words; 'Not sent' goes, and the text says 'Sent
 * in English, as written', not 'Sent in Spanish'.
 */
export const TranslationFailedSentAsWritten: Story = {
  name: 'Spanish family, translation failed, sent as written',
  parameters: chatWith(studentSpanishAtTenDays.id, withUntranslatedText),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const item = itemIn(log, untranslatedText.body);
    await userEvent.click(item.getByRole('button', { name: /^Send in English/ }));
    await expect(await item.findByText('Sent in English, as written')).toBeVisible();
    await expect(item.queryByText(/^Not sent/)).toBeNull();
    await waitFor(() => expect(statusOf(log, untranslatedText.body)).toEqual(['Sent']));
    await expect(item.queryByText('Sent in Spanish')).toBeNull();
    await expect(item.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('log', { name: 'Messages with Rosa Reyes' })).toHaveFocus();
    await waitFor(() =>
      expect(chatUpdates(canvas)).toBe('Sent — “Can Carla bring her library book on…”'),
    );
    // See RetryUndelivered: the pending button's announcement is dropped, not waited out.
    await settleAnnouncements();
  },
};

/** Maya's newest text to Rosa could not be translated (the mock's own scenario of it). */
export const NotSentUntranslated: Story = {
  name: 'Text not sent, untranslated',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.textNotSentUntranslated),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const text = 'So glad she liked it! Next week we start a new book.';
    await expect(statusOf(log, text)).toEqual([
      'Not sent: it could not be translated into Spanish.',
    ]);
    await expect(itemIn(log, text).getByRole('button', { name: /^Retry sending/ })).toBeVisible();
    await expect(
      itemIn(log, text).getByRole('button', { name: /^Send in English as written/ }),
    ).toBeVisible();
  },
};

/**
 * Rosa's newest reply could not be translated: her own words, and 'Not translated' where
 * 'Translated from Spanish' would be, so the chat never promises a translation it lacks.
 */
export const ReplyNotTranslated: Story = {
  name: 'Reply not translated',
  parameters: chatWith(studentSpanishAtTenDays.id, scenarios.replyNotTranslated),
  play: async ({ canvas }) => {
    const log = await messageLog(canvas, 'Rosa Reyes');
    const text =
      'Maya, ¿la sesión de la próxima semana sigue siendo el lunes a las 4? Tenemos cita con el médico ese día.';
    const item = itemIn(log, text);
    await expect(item.getByText('Not translated')).toBeVisible();
    await expect(item.getByText(text)).toHaveAttribute('lang', 'es');
    await expect(item.queryByText(/Translated from/)).toBeNull();
  },
};

const photoWords = 'Liam drew this for you! He says thank you for all the help.';

/** Waits until every picture in the log has loaded, and returns them. */
const loadedPhotos = (log: ReturnType<typeof within>) =>
  waitFor(() => {
    const photos = log.getAllByRole('img', { name: 'Photo from Grace Okafor' });
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      expect((photo as HTMLImageElement).complete).toBe(true);
      expect((photo as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
    }
    return photos;
  });

/**
 * Grace sent two pictures: a drawing with words (they share its bubble), then a worksheet alone.
 * Each is named after her, and loaded with the tutor's token into a blob: URL.
 */
export const PhotoFromFamily: Story = {
  name: 'Photo from the family',
  parameters: chatWith('stu-liam', scenarios.photoFromFamily),
  play: async ({ canvas, canvasElement }) => {
    const log = await messageLog(canvas, 'Grace Okafor');
    const photos = await loadedPhotos(log);
    for (const photo of photos) await expect(photo.getAttribute('src')).toMatch(/^blob:/);
    const withWords = itemIn(log, photoWords);
    await expect(withWords.getByRole('img', { name: 'Photo from Grace Okafor' })).toBeVisible();
    const alone = log.getAllByRole('listitem').at(-1) as HTMLElement;
    await expect(within(alone).getByRole('img', { name: 'Photo from Grace Okafor' })).toBeVisible();
    await expectMessagingLayout(canvasElement, 'Grace Okafor');
  },
};

/** A picture pressed: larger in a dialog named like it, with Close; Escape closes it too. */
export const PhotoEnlarged: Story = {
  name: 'Photo from the family, enlarged',
  parameters: chatWith('stu-liam', scenarios.photoFromFamily),
  play: async ({ canvas, canvasElement }) => {
    const log = await messageLog(canvas, 'Grace Okafor');
    await loadedPhotos(log);
    const page = within(canvasElement.ownerDocument.body);
    const thumbnail = itemIn(log, photoWords).getByRole('button', {
      name: 'Photo from Grace Okafor',
    });
    thumbnail.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page.findByRole('dialog', { name: 'Photo from Grace Okafor' }));
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(thumbnail).toHaveFocus());

    // Opened again for the screenshot, over the log at its end, as the chat opened.
    const transcript: HTMLElement = canvas.getByRole('log', { name: 'Messages with Grace Okafor' });
    transcript.scrollTop = transcript.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await userEvent.click(thumbnail);
    const opened = await revealed(page.findByRole('dialog', { name: 'Photo from Grace Okafor' }));
    const enlarged = within(opened).getByRole('img', { name: 'Photo from Grace Okafor' });
    await waitFor(() =>
      expect(enlarged.getBoundingClientRect().width).toBeGreaterThan(
        thumbnail.getBoundingClientRect().width,
      ),
    );
  },
};

/** A draft of the tutor's, in Spanish for Ana's family. */
const anasDraft = 'Hola Lucía, ¿podemos pasar la sesión del jueves a las 5?';

/**
 * Issue 39: the tutor was writing to Ana's family and reloaded (or closed the tab): the text is
 * back in the box as it was left, kept on the device for this tutor and this student.
 */
export const DraftRestored: Story = {
  name: 'Draft restored',
  parameters: screenParameters(
    {
      path: `/tutoring/messenger/${studentAna.id}`,
      session: 'tutor',
      drafts: { [studentAna.id]: anasDraft },
    },
    { seed: scenarios.noNewWeeklyAnnouncement },
  ),
  play: async ({ canvas, canvasElement }) => {
    const box = await canvas.findByRole('textbox', { name: 'Message to Lucía' });
    await expect(box).toHaveValue(anasDraft);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expectMessagingLayout(canvasElement, 'Lucía García');
  },
};

/**
 * Issue 39: the network dropped while the tutor was writing. One polite notice says the message
 * stays; Send stays focusable and says it waits for the network; pressing it sends nothing and
 * keeps the text. (The story tells the page the browser went offline, as the browser does.)
 */
export const Offline: Story = {
  parameters: chatWith(studentAna.id),
  play: async ({ canvas, canvasElement, loaded }) => {
    const { mockDb } = loaded as { mockDb: MockDb };
    const box = await canvas.findByRole('textbox', { name: 'Message to Lucía' });
    await userEvent.type(box, 'Nos vemos el martes.');
    const view = canvasElement.ownerDocument.defaultView as Window;
    view.dispatchEvent(new Event('offline'));

    // One notice, polite: a status, not an alert.
    const notice = await canvas.findByText(offlineNoticeText);
    await expect(canvas.getAllByText(offlineNoticeText)).toHaveLength(1);
    await expect(notice.closest('[role]')).toHaveAttribute('role', 'status');
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toHaveAccessibleDescription(waitingForNetworkText);
    const messagesBefore = mockDb.conversations[studentAna.id]?.length;
    await userEvent.click(send);
    await userEvent.type(box, '{Enter}');
    await expect(box).toHaveValue('Nos vemos el martes.');
    await expect(mockDb.conversations[studentAna.id]?.length).toBe(messagesBefore);
    await expect(canvas.queryByText('Sending…')).toBeNull();
    await expectMessagingLayout(canvasElement, 'Lucía García');
  },
};
