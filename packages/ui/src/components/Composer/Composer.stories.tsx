import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createDeferred, type Deferred } from '../../lib/deferred/deferred';
import { cleanUpAnnouncements, settleAnnouncements } from '../../lib/storyCleanup/liveAnnouncer';
import { Composer, messageToSend } from './Composer';

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

/** Shift+Enter adds a line; Enter sends the trimmed text; success clears the field. */
export const EnterSendsShiftEnterNewLine: Story = {
  args: { onSend: controlledSend },
  play: async ({ canvas, args }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await userEvent.type(textbox, '  Hello Maria,');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await userEvent.type(textbox, 'see you Friday!  ');
    await expect(textbox).toHaveValue('  Hello Maria,\nsee you Friday!  ');
    await expect(args.onSend).not.toHaveBeenCalled();

    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith('Hello Maria,\nsee you Friday!');
    // While sending: the button is busy and Enter does not send again.
    const busy = canvas.getByRole('button', { name: /Sending\.\.\./ });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(busy);
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(textbox).toHaveValue('  Hello Maria,\nsee you Friday!  ');

    sending.resolve();
    await waitFor(() => expect(textbox).toHaveValue(''));
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    // The finished pending state leaves a dangling react-aria announcement (see helper).
    await settleAnnouncements();
  },
};

/** A failed send keeps the text, and sending is possible again. */
export const FailedSendKeepsText: Story = {
  args: { onSend: controlledSend },
  play: async ({ canvas, args }) => {
    controlledSend.mockClear();
    const textbox = field(canvas);
    await userEvent.type(textbox, 'Are we still on for today?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('Are we still on for today?');
    sending.reject(new Error('UNAVAILABLE'));
    const send = await canvas.findByRole('button', { name: 'Send' });
    await expect(send).toBeEnabled();
    await expect(textbox).toHaveValue('Are we still on for today?');
    // The finished pending state leaves a dangling react-aria announcement (see helper).
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
    const dialog = await within(document.body).findByRole('dialog', { name: 'Emoji' });
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
