import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { EmojiPicker, pickerEmojis } from './EmojiPicker';

const meta = {
  title: 'Components/Messenger/EmojiPicker',
  component: EmojiPicker,
  tags: ['autodocs'],
  args: { onSelect: fn() },
} satisfies Meta<typeof EmojiPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/**
 * Keyboard: Enter opens 20 emojis named by their names; choosing one reports it, closes the
 * popover and returns focus. (This machine has no emoji font: the glyphs draw as boxes.)
 */
export const PickWithKeyboard: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Insert emoji' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page().findByRole('dialog', { name: 'Emoji' }));
    const buttons = within(dialog).getAllByRole('button');
    await expect(buttons).toHaveLength(20);
    await expect(pickerEmojis).toHaveLength(20);
    await expect(new Set(pickerEmojis.map(({ emoji }) => emoji)).size).toBe(20);
    await expect(buttons[0]).toHaveAccessibleName('grinning face');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.click(within(dialog).getByRole('button', { name: 'thumbs up' }));
    await expect(args.onSelect).toHaveBeenCalledWith('👍');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Escape closes without choosing. */
export const EscapeCloses: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Insert emoji' });
    await userEvent.click(trigger);
    await revealed(page().findByRole('dialog', { name: 'Emoji' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onSelect).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Open, for the picture. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Emoji' }));
    // Once in a whole run the emoji was found not visible just after the popover was revealed (the
    // cause not found; never when the file runs alone): it is awaited, not read at once.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'party popper' })).toBeVisible(),
    );
  },
};
