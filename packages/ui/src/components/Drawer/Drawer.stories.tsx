import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Sidebar } from '../Sidebar/Sidebar';
import { onboardingGroups, storyLogo, tutoringGroups } from '../Sidebar/Sidebar.stories.navigation';
import { Drawer } from './Drawer';

const navigate = fn().mockName('navigate');
const onUpdates = fn().mockName('onUpdates');

const meta = {
  title: 'Components/Layout/Drawer',
  component: Drawer,
  tags: ['autodocs'],
  beforeEach: () => {
    navigate.mockClear();
    onUpdates.mockClear();
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: {
    onOpenChange: fn(),
    children: (close: () => void) => (
      <Sidebar
        logo={storyLogo}
        title="Tutoring Dashboard"
        groups={tutoringGroups({ onUpdates, onTasks: fn() })}
        onNavigate={close}
      />
    ),
  },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** Opens and closes from the keyboard; focus is trapped inside and returns to the menu button. */
export const KeyboardOpenAndClose: Story = {
  play: async ({ canvas, args }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    await expect(menu).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));

    // Shift+Tab from the first control wraps to the last one: focus never leaves the drawer.
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(within(drawer).getByRole('link', { name: 'Log Out' })).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Space opens it too; the Close button closes it.
    await userEvent.keyboard(' ');
    const again = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
  },
};

/** Choosing an item closes the drawer: a link navigates, an action runs. */
export const ClosesAfterChoosing: Story = {
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    let drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Log Out' }));
    await expect(navigate).toHaveBeenCalledWith('/logout', undefined);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(menu);
    drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await userEvent.click(within(drawer).getByRole('button', { name: /^Updates/ }));
    await expect(onUpdates).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The drawer open with the onboarding sidebar (completed and not completed tasks). */
export const OpenOnboarding: Story = {
  args: {
    children: (close: () => void) => (
      <Sidebar logo={storyLogo} title="Onboarding" groups={onboardingGroups()} onNavigate={close} />
    ),
  },
  render: function OpenDrawer(args) {
    const [isOpen, setOpen] = useState(true);
    return (
      <Drawer
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          args.onOpenChange?.(open);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    const drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await expect(within(drawer).getByRole('link', { name: 'Waiver (Completed)' })).toBeVisible();
    // The page behind the modal drawer is hidden from assistive technology while it is open.
    await expect(canvas.getByRole('button', { name: 'Menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
