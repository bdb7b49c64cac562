import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { UserMenu } from './UserMenu';

/** The signed-in applicant of most stories. */
const sam = { firstName: 'Sam', lastName: 'Rivera', email: 'sam.rivera@example.com' };

/** A long name and a long e-mail address. */
const alexandra = {
  firstName: 'Alexandra',
  lastName: 'Montgomery-Fitzgerald',
  email: 'alexandra.montgomery-fitzgerald@tutoring.example.org',
};

const meta = {
  title: 'Components/Layout/UserMenu',
  component: UserMenu,
  tags: ['autodocs'],
  args: {
    ...sam,
    onSignOut: fn(),
    placement: 'bottom start',
  },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** Closed: initials, full name and e-mail on the button. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', {
      name: 'Account: Sam Rivera sam.rivera@example.com',
    });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveTextContent('SR');
  },
};

/** Keyboard: Enter opens, the popover shows name, e-mail and Sign Out; Escape closes. */
export const KeyboardOpenAndEscape: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /^Account: Sam Rivera/ });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await revealed(page().findByRole('dialog', { name: 'Account' }));
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toHaveTextContent('Sam Rivera');
    await expect(dialog).toHaveTextContent('sam.rivera@example.com');
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    await expect(args.onSignOut).not.toHaveBeenCalled();
  },
};

/** 'Sign Out' closes the popover and calls onSignOut once. */
export const SignOut: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Account: Sam Rivera/ }));
    const dialog = await revealed(page().findByRole('dialog', { name: 'Account' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Open, for the visual baseline; long e-mail addresses wrap inside the popover. */
export const OpenLongEmail: Story = {
  args: {
    ...alexandra,
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Account: Alexandra/ }));
    const dialog = await revealed(page().findByRole('dialog', { name: 'Account' }));
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
