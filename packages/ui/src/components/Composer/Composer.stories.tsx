import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createDeferred, type Deferred } from '../../lib/deferred/deferred';
import { cleanUpAnnouncements, settleAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Composer, enterKeyHint, messageToSend } from './Composer';

/** The send request the current story is waiting on. */
let sending: Deferred = createDeferred();
const controlledSend = fn(() => {
  sending = createDeferred();
  return sending.promise;
});

const meta = {
  title: 'Components/Messenger/Composer',
  component: Composer,
  tags: ['autodocs'],
  // Pending buttons leave react-aria announcements behind; see cleanUpAnnouncements.
  beforeEach: cleanUpAnnouncements,
  args: {
    // Browsing the story: sends succeed after a moment.
    onSend: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 600))),
    // The workbench's browser has a mouse; the touch screen's Enter has its own stories.
    enterKey: 'send',
  },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('textbox', { name: 'Message' });

/** Empty and whitespace-only text cannot be sent, by button or by Enter. */
export const EmptyAndWhitespaceDisabled: Story = {
  play: async ({ canvas, args }) => {
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await userEvent.click(field(canvas));
    await userEvent.keyboard('{Enter}');
    await userEvent.type(field(canvas), '   ');
    await expect(send).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(messageToSend('  \n\t ')).toBe('');
    await expect(messageToSend('  hi there \n')).toBe('hi there');
  },
};

/**
 * With a keyboard: Shift+Enter adds a line; Enter sends the trimmed text, and the box empties at
 * once (the chat shows the text as 'Sending…'); a second Enter meanwhile sends nothing.
 */
export const EnterSendsShiftEnterNewLine: Story = {
  args: { onSend: controlledSend },
  play: async ({ canvas, args }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await expect(textbox).toHaveAccessibleDescription('Enter sends. Shift+Enter adds a new line.');
    await userEvent.type(textbox, '  Hello Maria,');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await userEvent.type(textbox, 'see you Friday!  ');
    await expect(textbox).toHaveValue('  Hello Maria,\nsee you Friday!  ');
    await expect(args.onSend).not.toHaveBeenCalled();

    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith('Hello Maria,\nsee you Friday!');
    await expect(textbox).toHaveValue('');
    // While sending: the button is busy, and neither Enter nor Send sends again.
    const busy = canvas.getByRole('button', { name: /Sending\.\.\./ });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(textbox, 'And one more thing');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    await expect(args.onSend).toHaveBeenCalledTimes(1);

    sending.resolve();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled'),
    );
    // What was typed meanwhile stays, to be sent next.
    await expect(textbox).toHaveValue('And one more thing');
    // The finished pending state leaves a dangling react-aria announcement (see helper).
    await settleAnnouncements();
  },
};

/**
 * On a touch screen (no mouse or trackpad): Enter adds a new line, the hint says so, and the Send
 * button sends.
 */
export const TouchEnterAddsNewLine: Story = {
  name: 'Touch screen: Enter adds a new line',
  args: { onSend: controlledSend, enterKey: 'newLine' },
  play: async ({ canvas, args }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await expect(canvas.getByText('Enter adds a new line. Press Send to send.')).toBeVisible();
    await expect(textbox).toHaveAccessibleDescription('Enter adds a new line. Press Send to send.');
    await userEvent.type(textbox, 'Hello Maria,{Enter}see you Friday!');
    await expect(textbox).toHaveValue('Hello Maria,\nsee you Friday!');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('Hello Maria,\nsee you Friday!');
    sending.resolve();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled());
    await expect(enterKeyHint('send')).toBe('Enter sends. Shift+Enter adds a new line.');
    await settleAnnouncements();
  },
};

/** A failed send puts the text back in the box, and sending is possible again. */
export const FailedSendKeepsText: Story = {
  args: { onSend: controlledSend },
  play: async ({ canvas, args }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await userEvent.type(textbox, 'Are we still on for today?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('Are we still on for today?');
    await expect(textbox).toHaveValue('');
    sending.reject(new Error('UNAVAILABLE'));
    const send = await canvas.findByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    await expect(textbox).toHaveValue('Are we still on for today?');
    // The finished pending state leaves a dangling react-aria announcement (see helper).
    await settleAnnouncements();
  },
};

/** A failed send while the tutor typed on: the text comes back first, nothing typed is lost. */
export const FailedSendKeepsTypedText: Story = {
  name: 'Failed send, typed on meanwhile',
  args: { onSend: controlledSend },
  play: async ({ canvas }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await userEvent.type(textbox, 'Are we still on for today?{Enter}');
    await userEvent.type(textbox, 'Ana has a dentist visit at 3.');
    sending.reject(new Error('UNAVAILABLE'));
    await waitFor(() =>
      expect(textbox).toHaveValue('Are we still on for today?\nAna has a dentist visit at 3.'),
    );
    await settleAnnouncements();
  },
};

/** The emoji picker inserts at the caret. */
export const InsertEmoji: Story = {
  args: { defaultValue: 'Great job today' },
  play: async ({ canvas }) => {
    const textbox = field(canvas) as HTMLTextAreaElement;
    await userEvent.click(textbox);
    textbox.setSelectionRange(5, 5);
    await userEvent.click(canvas.getByRole('button', { name: 'Insert emoji' }));
    const dialog = await revealed(within(document.body).findByRole('dialog', { name: 'Emoji' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'party popper' }));
    await expect(textbox).toHaveValue('Great🎉 job today');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};

/** The whole composer disabled (e.g. no chat open). */
export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Draft' },
  play: async ({ canvas }) => {
    await expect(field(canvas)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Insert emoji' })).toBeDisabled();
  },
};

/**
 * A note on the typed text under the field, part of its description (e.g. the messenger's
 * estimate of how many texts a translated message goes out as): it follows the typing.
 */
export const WithTextNote: Story = {
  name: 'With a note on the text',
  args: {
    textNote: (text) =>
      text.length > 20
        ? `In Spanish this will go out as about ${text.length > 40 ? 3 : 2} texts.`
        : null,
  },
  play: async ({ canvas }) => {
    const box = field(canvas);
    await userEvent.type(box, 'Short text');
    await expect(canvas.queryByText(/will go out as/)).toBeNull();
    await userEvent.type(box, ', and now a longer one');
    await expect(canvas.getByText('In Spanish this will go out as about 2 texts.')).toBeVisible();
    await expect(box).toHaveAccessibleDescription(
      'Enter sends. Shift+Enter adds a new line. In Spanish this will go out as about 2 texts.',
    );
  },
};

/**
 * Disabled with a reason (issue 35: the family opted out of texts): the reason takes the hint's
 * place and is the field's description; what was typed stays in the box.
 */
export const DisabledWithReason: Story = {
  name: 'Disabled with a reason',
  args: {
    defaultValue: 'See you Tuesday',
    disabledReason:
      'This family has opted out of texts (replied STOP on November 19, 2026). You cannot text them from the portal.',
  },
  play: async ({ canvas }) => {
    await expect(field(canvas)).toBeDisabled();
    await expect(field(canvas)).toHaveValue('See you Tuesday');
    await expect(field(canvas)).toHaveAccessibleDescription(
      /^This family has opted out of texts \(replied STOP on November 19, 2026\)/,
    );
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/**
 * Send waits (offline): the box stays editable; Send stays focusable and its description says
 * why; neither Send nor Enter sends, and the text stays.
 */
export const WaitingForTheNetwork: Story = {
  name: 'Waiting for the network',
  args: {
    onSend: fn(async () => undefined),
    defaultValue: 'See you Tuesday',
    waitingReason: 'Waiting for the network. Press Send when you are back online.',
  },
  play: async ({ canvas, args }) => {
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    await expect(send).toHaveAccessibleDescription(
      'Waiting for the network. Press Send when you are back online.',
    );
    await userEvent.click(send);
    await expect(send).toHaveFocus();
    await userEvent.type(field(canvas), '!{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(field(canvas)).toHaveValue('See you Tuesday!');
  },
};

/**
 * The draft as the composer reports it: each change of the box, and while a text is on its way
 * that text too (it comes back if the send fails); '' once it was sent.
 */
export const ReportsTheDraft: Story = {
  name: 'Reports the draft',
  args: { onSend: controlledSend, onDraftChange: fn() },
  play: async ({ canvas, args }) => {
    const textbox = field(canvas);
    await userEvent.type(textbox, 'Hi');
    await expect(args.onDraftChange).toHaveBeenLastCalledWith('Hi');
    await userEvent.type(textbox, '{Enter}');
    await expect(textbox).toHaveValue('');
    await expect(args.onDraftChange).toHaveBeenLastCalledWith('Hi');
    await userEvent.type(textbox, 'More');
    await expect(args.onDraftChange).toHaveBeenLastCalledWith('Hi\nMore');
    sending.resolve();
    await waitFor(() => expect(args.onDraftChange).toHaveBeenLastCalledWith('More'));
    await settleAnnouncements();
  },
};
