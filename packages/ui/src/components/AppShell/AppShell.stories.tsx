import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Card } from '../Card/Card';
import { Header } from '../Header/Header';
import { Modal } from '../Modal/Modal';
import { onboardingGroups, storyLogo, tutoringGroups } from '../Sidebar/Sidebar.stories.navigation';
import { UserMenu } from '../UserMenu/UserMenu';
import { AppShell } from './AppShell';

const navigate = fn().mockName('navigate');

const meta = {
  title: 'Components/Layout/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true }, layout: 'fullscreen' },
  beforeEach: () => {
    navigate.mockClear();
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);
const isMobile = () => window.innerWidth < 768;

/** The tutoring area: Updates and Tasks in the sidebar open modals. */
function TutoringShell() {
  const [open, setOpen] = useState<'updates' | 'tasks' | null>(null);
  return (
    <>
      <AppShell
        sidebar={{
          logo: storyLogo,
          title: 'Tutoring Dashboard',
          groups: tutoringGroups({
            onUpdates: () => setOpen('updates'),
            onTasks: () => setOpen('tasks'),
          }),
        }}
        header={
          <Header
            firstName="Maya"
            updateInformationHref="https://forms.example.org/update-information"
            title="Senior Tutor"
            capacity={3}
            availability="Monday 16:00-18:00"
            availabilityFormHref="https://forms.example.org/availability?tutorID=T-1001"
          />
        }
      >
        <Card title="Students">
          <p>Your students appear here.</p>
        </Card>
      </AppShell>
      <Modal
        title="Updates"
        badge="2 unread"
        isOpen={open === 'updates'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'updates' : null)}
      >
        <p>Office hours move to Thursday evenings.</p>
      </Modal>
      <Modal
        title="Tasks"
        badge="3 not completed"
        isOpen={open === 'tasks'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'tasks' : null)}
      >
        <p>Submit your weekly progress report.</p>
      </Modal>
    </>
  );
}

/**
 * From 768 px the sidebar is always shown; below it collapses into the drawer behind a menu
 * button. In both, 'Updates' opens its modal.
 */
export const Tutoring: Story = {
  args: { sidebar: { groups: [] }, children: null },
  render: () => <TutoringShell />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toHaveAttribute('id', 'main-content');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
    if (!isMobile()) {
      const nav = canvas.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
      await userEvent.click(within(nav).getByRole('button', { name: /^Updates/ }));
      const updates = await revealed(page().findByRole('dialog', { name: 'Updates' }));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(updates).not.toBeInTheDocument());
      return;
    }
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await userEvent.click(within(drawer).getByRole('button', { name: /^Updates/ }));
    const updates = await revealed(page().findByRole('dialog', { name: 'Updates' }));
    await waitFor(() => expect(drawer).not.toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(updates).not.toBeInTheDocument());
    // The drawer item that opened the modal is gone: focus comes back to the menu button.
    await waitFor(() => expect(menu).toHaveFocus());
  },
};

/** The skip link is the first tab stop and moves focus to the main content. */
export const SkipLink: Story = {
  args: { sidebar: { groups: [] }, children: null },
  render: () => <TutoringShell />,
  play: async ({ canvas }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', '#main-content');
    await expect(skip.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    skip.blur();
  },
};

/** The onboarding area: tasks marked completed or not, the user menu in the sidebar footer. */
export const Onboarding: Story = {
  args: {
    sidebar: {
      logo: storyLogo,
      title: 'Onboarding',
      groups: onboardingGroups(),
      footer: (
        <UserMenu
          firstName="Sam"
          lastName="Rivera"
          email="sam.rivera@example.com"
          onSignOut={fn()}
        />
      ),
    },
    children: (
      <>
        <h1>Welcome, Sam!</h1>
        <p>Complete the four onboarding tasks in any order.</p>
      </>
    ),
  },
  play: async ({ canvas }) => {
    if (!isMobile()) {
      await expect(canvas.getByRole('link', { name: 'Waiver (Completed)' })).toBeVisible();
      return;
    }
    // The drawer mirrors the sidebar: same items, same completion marks.
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    const drawer = await revealed(page().findByRole('dialog', { name: 'Navigation menu' }));
    await expect(within(drawer).getByRole('link', { name: 'Waiver (Completed)' })).toBeVisible();
    await expect(
      within(drawer).getByRole('link', { name: 'Training (Not completed)' }),
    ).toBeVisible();
    await expect(within(drawer).getByRole('button', { name: /Account: Sam Rivera/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Exactly at the breakpoint: 767 px has the menu button, 768 px the sidebar. */
export const Breakpoint: Story = {
  args: Onboarding.args,
  parameters: { testRunner: { widths: [767, 768] } },
  play: async ({ canvas }) => {
    const width = window.innerWidth;
    if (width < 768) {
      await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    } else {
      await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
      await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
  },
};
