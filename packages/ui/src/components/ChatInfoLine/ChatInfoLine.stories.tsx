import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { ChatInfoLine, familyLanguageSummary, formatPhoneNumber } from './ChatInfoLine';

const meta = {
  title: 'Components/Messenger/ChatInfoLine',
  component: ChatInfoLine,
  tags: ['autodocs'],
  args: {
    forwardingNumber: '+15550104477',
    guardianFirstName: 'Rosa',
    familyLanguage: { name: 'Spanish', code: 'es', translated: true },
  },
} satisfies Meta<typeof ChatInfoLine>;

export default meta;
type Story = StoryObj<typeof meta>;

const translatedNotice =
  "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.";

/**
 * One line: the private forwarding number (formatted) and the family's language with whether
 * texts are translated; the explanations are not on the page until asked for.
 */
export const Translated: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('+1 (555) 010-4477')).toBeVisible();
    await expect(canvas.getByText('Spanish, translated')).toBeVisible();
    await expect(canvas.queryByText(translatedNotice)).toBeNull();
    // A compact line: one line of small type at a laptop's width.
    const trigger = canvas.getByRole('button', { name: 'About this chat' });
    if (canvasElement.clientWidth >= 1000) {
      await expect(trigger.getBoundingClientRect().height).toBeLessThan(32);
    }
    await expect(trigger.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await expect(formatPhoneNumber('15550104477')).toBe('+1 (555) 010-4477');
    await expect(formatPhoneNumber(' (555) 010-4477 ')).toBe('+1 (555) 010-4477');
    await expect(formatPhoneNumber('+442079460000')).toBe('+442079460000');
  },
};

/** Opened: why the number is private, what happens to the family's language, one press away. */
export const Opened: Story = {
  name: 'Explanations opened',
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'About this chat' });
    // Keyboard: Enter opens, Escape closes, focus returns to the button.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page.findByRole('dialog', { name: 'About this chat' }));
    await expect(within(dialog).getByText(translatedNotice)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    const opened = await revealed(page.findByRole('dialog', { name: 'About this chat' }));
    await expect(
      within(opened).getByText(
        /Your texts to Rosa go through this private number, \+1 \(555\) 010-4477/,
      ),
    ).toBeVisible();
    await expect(within(opened).getByText(translatedNotice)).toBeVisible();
    await expect(within(opened).getByText(/send it in English as you wrote it/)).toBeVisible();
  },
};

/** A family whose language this server does not translate into: texts go as written. */
export const NotTranslated: Story = {
  name: 'Not translated',
  args: { familyLanguage: { name: 'Swedish', code: 'sv', translated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Swedish, sent as written')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'About this chat' }));
    const dialog = await revealed(within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(
      within(dialog).getByText(
        "This family's language is Swedish. Messages are sent exactly as you write them.",
      ),
    ).toBeVisible();
    await expect(within(dialog).queryByText(/cannot be translated/)).toBeNull();
  },
};

/** An English-speaking family: the number alone, no word on language. */
export const English: Story = {
  args: { familyLanguage: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+1 (555) 010-4477')).toBeVisible();
    await expect(canvas.queryByText(/translated|as written/)).toBeNull();
    await expect(familyLanguageSummary(null)).toBeNull();
  },
};

/** The family texted HELP (issue 35): the line says when, in the text's own colour. */
export const HelpRequested: Story = {
  name: 'HELP requested',
  args: { helpRequestedAt: '2026-11-20T15:40:00.000Z' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^The family texted HELP on November 20, 2026$/)).toBeVisible();
  },
};
