import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { displayUrl, withHttps } from '../../lib/links/links';
import { revealed } from '../../lib/storyOverlays/revealed';
import { Button } from '../Button/Button';
import { orderTasks, TasksModal, type TasksModalItem, taskLinkText } from './TasksModal';

const items: TasksModalItem[] = [
  {
    id: 'ai-1',
    title: 'Complete the tutor survey',
    description: '<p>Tell us how the first month went.</p>',
    url: 'forms.example.org/tutor-survey-spring-2025?source=portal&campaign=tasks-modal',
    completed: true,
    completesAutomatically: false,
  },
  {
    id: 'ai-2',
    title: 'Submit your weekly progress report',
    description: 'Due every Friday.',
    url: 'https://example.org/weekly-report',
    completed: false,
    completesAutomatically: true,
  },
  {
    id: 'ai-3',
    title: 'Watch the safeguarding video',
    description: '<p>About <strong>15 minutes</strong>.</p>',
    url: 'http://videos.example.org/safeguarding',
    completed: false,
    completesAutomatically: false,
  },
  {
    id: 'ai-4',
    title: 'Read the updated handbook',
    description: '',
    url: null,
    completed: false,
    completesAutomatically: false,
  },
];

const meta = {
  title: 'Components/Tutoring/TasksModal',
  component: TasksModal,
  tags: ['autodocs'],
  args: { items, defaultOpen: true, onComplete: fn(), onOpenChange: fn() },
} satisfies Meta<typeof TasksModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);
const openDialog = () => revealed(page().findByRole('dialog', { name: 'Tasks' }));
const titles = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

/**
 * Incomplete first, then completed; badge = incomplete count (3). No 'Mark as complete' for the
 * automatic or the completed item. Links get https:// and read 'Open: <task title>' with the
 * external-link icon, never their bare address.
 */
export const OrderBadgeAndLinks: Story = {
  play: async () => {
    const dialog = await openDialog();
    await expect(dialog).toHaveTextContent('3 incomplete');
    await expect(titles(dialog)).toEqual([
      'Submit your weekly progress report',
      'Watch the safeguarding video',
      'Read the updated handbook',
      'Complete the tutor survey',
    ]);
    const buttons = within(dialog).getAllByRole('button', { name: /^Mark as complete/ });
    await expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Mark as complete: Watch the safeguarding video',
      'Mark as complete: Read the updated handbook',
    ]);
    await expect(within(dialog).getByText('Completes automatically')).toBeVisible();

    // Each link names its task, in the list's order; the handbook task has none.
    const links = within(dialog).getAllByRole('link');
    await expect(links.map((link) => link.firstChild?.textContent)).toEqual([
      'Open: Submit your weekly progress report',
      'Open: Watch the safeguarding video',
      'Open: Complete the tutor survey',
    ]);
    await expect(taskLinkText({ title: 'Read the updated handbook' })).toBe(
      'Open: Read the updated handbook',
    );
    // The accessible name says it opens a new tab; the icon shows it.
    const survey = within(dialog).getByRole('link', {
      name: 'Open: Complete the tutor survey (opens in a new tab)',
    });
    await expect(survey.querySelector('[data-external-icon]')).not.toBeNull();
    await expect(survey).toHaveAttribute('target', '_blank');
    // Scheme added to the href; the address is nowhere in the text.
    await expect(survey).toHaveAttribute(
      'href',
      'https://forms.example.org/tutor-survey-spring-2025?source=portal&campaign=tasks-modal',
    );
    await expect(dialog).not.toHaveTextContent(/example\.org/);
    // http:// links are kept as they are.
    await expect(
      within(dialog).getByRole('link', { name: /^Open: Watch the safeguarding video/ }),
    ).toHaveAttribute('href', 'http://videos.example.org/safeguarding');
  },
};

/** Exact strings of the two link helpers (spec §5). */
export const LinkHelpers: Story = {
  args: { items: [] },
  play: async () => {
    await expect(withHttps('example.org/a')).toBe('https://example.org/a');
    await expect(withHttps('  example.org ')).toBe('https://example.org');
    await expect(withHttps('http://example.org')).toBe('http://example.org');
    await expect(withHttps('HTTPS://Example.org')).toBe('HTTPS://Example.org');
    await expect(withHttps('//cdn.example.org/x')).toBe('https://cdn.example.org/x');
    const fifty = 'https://example.org/'.padEnd(50, 'x');
    await expect(fifty).toHaveLength(50);
    await expect(displayUrl(fifty)).toBe(fifty);
    await expect(displayUrl(`${fifty}y`)).toBe(`${fifty}…`);
    await expect(displayUrl(`${fifty}yz`)).toHaveLength(51);
    const { incomplete, completed } = orderTasks(items, new Set(['ai-4']));
    await expect(incomplete.map((item) => item.id)).toEqual(['ai-2', 'ai-3']);
    await expect(completed.map((item) => item.id)).toEqual(['ai-1', 'ai-4']);
  },
};

/** 'Mark as complete' marks the item at once: it moves to Completed, the badge counts down. */
export const MarkAsComplete: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Mark as complete: Watch the safeguarding video',
      }),
    );
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith('ai-3');
    await expect(dialog).toHaveTextContent('2 incomplete');
    await expect(titles(dialog)).toEqual([
      'Submit your weekly progress report',
      'Read the updated handbook',
      'Complete the tutor survey',
      'Watch the safeguarding video',
    ]);
    const moved = within(dialog)
      .getByRole('heading', { name: 'Watch the safeguarding video' })
      .closest('li') as HTMLElement;
    await expect(moved).toHaveAttribute('data-completed', 'true');
    await expect(within(moved).getByText('Completed')).toBeVisible();
    // No undo: the item has no button any more; focus stays in the dialog, on the item.
    await expect(within(moved).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(moved).toHaveFocus());
  },
};

/** Everything done: no badge, no buttons. */
export const AllCompleted: Story = {
  args: {
    items: items.map((item) => ({ ...item, completed: true })),
  },
  play: async () => {
    const dialog = await openDialog();
    await expect(dialog).not.toHaveTextContent(/incomplete/);
    await expect(within(dialog).queryByRole('button', { name: /Mark as complete/ })).toBeNull();
  },
};

/** No items: 'No Available Items'. */
export const Empty: Story = {
  args: { items: [] },
  play: async () => {
    const dialog = await openDialog();
    await expect(within(dialog).getByText('No Available Items')).toBeVisible();
  },
};

/** Controlled from a sidebar button: focus trap, Escape closes, focus returns to the button. */
export const KeyboardControlled: Story = {
  args: { defaultOpen: undefined },
  render: function ControlledTasks(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Tasks
        </Button>
        <TasksModal {...args} isOpen={isOpen} onOpenChange={setOpen} />
      </>
    );
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Tasks' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Close, weekly-report link, video link, button, button, survey link: then back to Close.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await userEvent.tab();
    await expect(close).toHaveFocus();
    for (let step = 0; step < 5; step += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
