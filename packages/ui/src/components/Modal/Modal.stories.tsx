import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Button } from '../Button/Button';
import { Link } from '../Link/Link';
import { Modal } from './Modal';

const meta = {
  title: 'Components/Base/Modal',
  component: Modal,
  tags: ['autodocs'],
  args: {
    title: 'Updates',
    children: <p>Office hours move to Thursday evenings from next week.</p>,
    onOpenChange: fn(),
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is portalled into <body>, outside the story's canvas. */
const page = () => within(document.body);

/** Opened by a trigger button (RAC DialogTrigger): keyboard open, focus trap, Escape, focus return. */
export const KeyboardFocusTrap: Story = {
  render: (args) => (
    <DialogTrigger>
      <Button>Open updates</Button>
      <Modal
        {...args}
        footer={
          <Button variant="secondary" slot="close">
            Done
          </Button>
        }
      >
        <p>
          Office hours move to Thursday evenings. Read the{' '}
          <Link href="/tutoring/announcements">announcements</Link> for details.
        </p>
      </Modal>
    </DialogTrigger>
  ),
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Open updates' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page().findByRole('dialog', { name: 'Updates' }));
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // Tab order inside: Close, the link, Done, then back to Close (the trap).
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const link = within(dialog).getByRole('link', { name: 'announcements' });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.tab();
    await expect(done).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(done).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    // FocusScope restores focus a frame after the dialog unmounts.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** The Close button and a footer button with slot="close" both close it and return focus. */
export const CloseButtons: Story = {
  render: (args) => (
    <DialogTrigger>
      <Button>Open updates</Button>
      <Modal
        {...args}
        footer={
          <Button variant="secondary" slot="close">
            Done
          </Button>
        }
      />
    </DialogTrigger>
  ),
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Open updates' });
    await userEvent.click(trigger);
    let dialog = await revealed(page().findByRole('dialog', { name: 'Updates' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    dialog = await revealed(page().findByRole('dialog', { name: 'Updates' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    // FocusScope restores focus a frame after the dialog unmounts.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Controlled: `isOpen` + `onOpenChange`; children as a function receive `close`. */
export const Controlled: Story = {
  render: function ControlledModal(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <Button onPress={() => setOpen(true)}>Show tasks</Button>
        <Modal
          {...args}
          title="Tasks"
          isOpen={isOpen}
          onOpenChange={(open) => {
            setOpen(open);
            args.onOpenChange?.(open);
          }}
        >
          {(close) => (
            <>
              <p>You have no open tasks.</p>
              <Button onPress={close}>Back to the dashboard</Button>
            </>
          )}
        </Modal>
      </>
    );
  },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Show tasks' });
    await userEvent.click(trigger);
    const dialog = await revealed(page().findByRole('dialog', { name: 'Tasks' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    // FocusScope restores focus a frame after the dialog unmounts.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Open on arrival, with a count badge next to the title and a footer. */
export const WithBadgeAndFooter: Story = {
  args: {
    defaultOpen: true,
    badge: '3 unread',
    footer: <Button slot="close">Close updates</Button>,
  },
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Updates' }));
    await expect(dialog).toHaveTextContent('3 unread');
    // The badge sits beside the heading, so the dialog's name stays 'Updates'.
    await expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(/^Updates$/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A backdrop click closes a dismissable modal. */
export const BackdropClickCloses: Story = {
  args: { defaultOpen: true, size: 'small', title: 'Copied!' },
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Copied!' }));
    const backdrop = dialog.parentElement?.parentElement;
    await expect(backdrop).toBeInstanceOf(HTMLElement);
    await userEvent.click(backdrop as HTMLElement);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Not dismissable: a backdrop click keeps it open, Escape and Close still close it. */
export const NotDismissable: Story = {
  args: { defaultOpen: true, isDismissable: false, title: 'Availability Submitted!' },
  play: async ({ args }) => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Availability Submitted!' }));
    await userEvent.click(dialog.parentElement?.parentElement as HTMLElement);
    await expect(dialog).toBeInTheDocument();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Small: confirmations such as 'Copied!'. */
export const Small: Story = {
  args: {
    defaultOpen: true,
    size: 'small',
    title: 'Copied!',
    children: <p>The link is on your clipboard.</p>,
  },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Copied!' }));
    // 0.65 x 40rem = 416 px, plus the panel's 1 px borders.
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(418);
  },
};

/** Large with long content: the body scrolls, header and footer stay visible. */
export const LargeScrolling: Story = {
  args: {
    defaultOpen: true,
    size: 'large',
    title: 'Tasks',
    footer: <Button slot="close">Close tasks</Button>,
    children: (
      <>
        {Array.from({ length: 24 }, (_, index) => (
          <p key={`task-${index + 1}`}>
            Task {index + 1}: review the weekly progress report and confirm the next session time
            with the guardian.
          </p>
        ))}
      </>
    ),
  },
  play: async () => {
    const dialog = await revealed(page().findByRole('dialog', { name: 'Tasks' }));
    const panel = dialog.parentElement as HTMLElement;
    const closeTasks = within(dialog).getByRole('button', { name: 'Close tasks' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // Waits out the short entry transform, then the panel fits the viewport and scrolls inside.
    await waitFor(() =>
      expect(panel.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight),
    );
    await expect(panel.scrollHeight).toBeGreaterThan(panel.clientHeight);
    panel.scrollTop = panel.scrollHeight;
    // Header and footer stick: both actions stay on screen at the end of the scroll.
    await expect(closeTasks.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(close.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    panel.scrollTop = 0;
  },
};
