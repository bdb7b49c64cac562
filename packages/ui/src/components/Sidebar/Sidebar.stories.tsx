import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UserMenu } from '../UserMenu/UserMenu';
import { Sidebar } from './Sidebar';
import { frame } from './Sidebar.stories.css';
import { onboardingGroups, storyLogo, tutoringGroups } from './Sidebar.stories.navigation';

/* Internal links navigate through the app's RouterProvider; here it records the calls. */
const navigate = fn().mockName('navigate');
const onUpdates = fn().mockName('onUpdates');
const onTasks = fn().mockName('onTasks');

const meta = {
  title: 'Components/Layout/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    navigate.mockClear();
    onUpdates.mockClear();
    onTasks.mockClear();
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <div className={frame}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
  args: {
    logo: storyLogo,
    title: 'Tutoring Dashboard',
    groups: tutoringGroups({ onUpdates, onTasks }),
    onNavigate: fn(),
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The tutoring sidebar: Home, Updates and Tasks (with counts), external link groups, Log Out. */
export const Tutoring: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const updates = within(nav).getByRole('button', { name: 'Updates (2 unread)' });
    const tasks = within(nav).getByRole('button', { name: 'Tasks (3 not completed)' });
    await userEvent.click(updates);
    await expect(onUpdates).toHaveBeenCalledTimes(1);
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    await userEvent.click(tasks);
    await expect(onTasks).toHaveBeenCalledTimes(1);

    const sessions = canvas.getByRole('list', { name: 'Session Management' });
    const sessionLinks = within(sessions).getAllByRole('link');
    await expect(sessionLinks.map((link) => link.textContent)).toEqual([
      'Weekly Progress Report (opens in a new tab)',
      'Request a Sub (opens in a new tab)',
      'Volunteer as a sub (opens in a new tab)',
    ]);
    for (const link of sessionLinks) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const support = canvas.getByRole('list', { name: 'Support & Resources' });
    await expect(within(support).getAllByRole('link')).toHaveLength(6);

    const logOut = canvas.getByRole('link', { name: 'Log Out' });
    await expect(logOut).toHaveAttribute('href', '/logout');
    await expect(logOut).not.toHaveAttribute('target');
    await userEvent.click(logOut);
    await expect(navigate).toHaveBeenCalledWith('/logout', undefined);
  },
};

/** Actions work from the keyboard: Tab to 'Tasks', Enter and Space press it. */
export const KeyboardActions: Story = {
  play: async ({ canvas }) => {
    const home = canvas.getByRole('link', { name: 'Home' });
    await userEvent.tab();
    await expect(home).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Tasks/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(onTasks).toHaveBeenCalledTimes(2);
  },
};

/** No unread updates and no open tasks: no badges, plain names. */
export const WithoutBadges: Story = {
  args: { groups: tutoringGroups({ onUpdates, onTasks, unread: 0, openTasks: 0 }) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Updates' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tasks' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-sidebar-badge]')).toBeNull();
  },
};

/** Large counts are capped at 99+ visually; the full count is still announced. */
export const LargeBadgeCount: Story = {
  args: { groups: tutoringGroups({ onUpdates, onTasks, unread: 120, openTasks: 7 }) },
  play: async ({ canvas }) => {
    const updates = canvas.getByRole('button', { name: 'Updates (120 unread)' });
    await expect(updates.querySelector('[data-sidebar-badge]')).toHaveTextContent('99+');
  },
};

/** The onboarding sidebar: Dashboard's tasks marked completed or not, Support links, user menu. */
export const Onboarding: Story = {
  args: {
    title: 'Onboarding',
    groups: onboardingGroups(),
    footer: (
      <UserMenu firstName="Sam" lastName="Rivera" email="sam.rivera@example.com" onSignOut={fn()} />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Onboarding')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const waiver = canvas.getByRole('link', { name: 'Waiver (Completed)' });
    const training = canvas.getByRole('link', { name: 'Training (Not completed)' });
    await expect(
      canvas.getByRole('link', { name: 'Background Check (Not completed)' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Availability (Completed)' })).toBeVisible();
    // Not colour alone: a check versus an empty circle.
    await expect(waiver.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'checkCircle');
    await expect(training.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'circle');
    await userEvent.click(training);
    await expect(navigate).toHaveBeenCalledWith('/onboarding/training', undefined);

    const support = canvas.getByRole('list', { name: 'Support' });
    await expect(
      within(support)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'FAQ (opens in a new tab)',
      'Tutor Resources (opens in a new tab)',
      'Meet with Onboarding Support (opens in a new tab)',
      'Contact Onboarding Support (opens in a new tab)',
    ]);
    await expect(canvas.getByRole('button', { name: /Account: Sam Rivera/ })).toBeVisible();
  },
};

/** A nested item is the current page: it, not its parent, carries aria-current. */
export const NestedCurrentPage: Story = {
  args: {
    title: 'Onboarding',
    groups: onboardingGroups({ currentHref: '/onboarding/background-check' }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(
      canvas.getByRole('link', { name: 'Background Check (Not completed)' }),
    ).toHaveAttribute('aria-current', 'page');
  },
};
