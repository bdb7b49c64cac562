import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { defaultCheckInPrompt, SessionStructure } from './SessionStructure';

const meta = {
  title: 'Components/Pathway/SessionStructure',
  component: SessionStructure,
  tags: ['autodocs'],
} satisfies Meta<typeof SessionStructure>;

export default meta;
type Story = StoryObj<typeof meta>;

const stepsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => [
      within(item).getByRole('heading').textContent,
      item.querySelector('p')?.textContent,
    ]);

/** The three steps with their times; Check In falls back to the default prompt. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Session structure' });
    await expect(stepsOf(list)).toEqual([
      ['Check In', '5 minutes'],
      ['Lessons and Tasks', '30-40 minutes'],
      ['Wrap Up', '5 minutes'],
    ]);
    await expect(canvas.getByText(defaultCheckInPrompt)).toBeVisible();
    await expect(defaultCheckInPrompt).toBe('Please ask your student about their day.');
  },
};

/** A Check In activity picked from the pathway. */
export const WithCheckInActivity: Story = {
  args: { checkInPrompt: 'Ask your student to share one thing that made them laugh this week.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/made them laugh/)).toBeVisible();
    await expect(canvas.queryByText(defaultCheckInPrompt)).toBeNull();
  },
};
