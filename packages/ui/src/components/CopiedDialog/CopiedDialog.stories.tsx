import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Button } from '../Button/Button';
import { CopiedDialog } from './CopiedDialog';

const meta = {
  title: 'Components/Feedback/CopiedDialog',
  component: CopiedDialog,
  tags: ['autodocs'],
  args: { onOpenChange: fn() },
} satisfies Meta<typeof CopiedDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** Open with the default message. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Copied!' }));
    await expect(dialog).toHaveTextContent('The link has been copied to your clipboard.');
  },
};

/** Opened after a copy action; OK closes it and focus returns to the copy button. */
export const AfterCopy: Story = {
  render: function CopyFlow(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Copy website link
        </Button>
        <CopiedDialog
          {...args}
          isOpen={isOpen}
          onOpenChange={(open) => {
            setOpen(open);
            args.onOpenChange?.(open);
          }}
        >
          The website link is on your clipboard.
        </CopiedDialog>
      </>
    );
  },
  play: async ({ canvas, args }) => {
    const copy = canvas.getByRole('button', { name: 'Copy website link' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page().findByRole('dialog', { name: 'Copied!' }));
    await expect(dialog).toHaveTextContent('The website link is on your clipboard.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(copy).toHaveFocus());
  },
};
