import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, type within } from 'storybook/test';
import { SearchSelect, type SearchSelectProps } from './SearchSelect';

const zones = [
  'America/Anchorage',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/New_York',
  'America/Phoenix',
  'Europe/London',
  'Pacific/Honolulu',
].map((value) => ({ value, label: value.replace(/_/g, ' ') }));

/** A SearchSelect that keeps its own choice, as a page would. */
function Stateful(props: SearchSelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SearchSelect
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Forms/SearchSelect',
  component: SearchSelect,
  tags: ['autodocs'],
  args: {
    label: 'Your time zone',
    description: 'Type a city to find it.',
    options: zones,
    value: 'America/Los_Angeles',
    onChange: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SearchSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The input once it shows the chosen option (its words come with the list's first render). */
const chosenInput = async (canvas: ReturnType<typeof within>) => {
  const input = canvas.getByRole('combobox', { name: 'Your time zone' }) as HTMLInputElement;
  await waitFor(() => expect(input).toHaveValue('America/Los Angeles'));
  return input;
};

/** The chosen zone shows in the input, as people read it. */
export const Chosen: Story = {
  play: async ({ canvas }) => {
    const input = await chosenInput(canvas);
    await expect(input).toHaveAccessibleDescription('Type a city to find it.');
  },
};

/** Typing narrows the list ('new y' finds New York); Enter chooses. */
export const Searching: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = await chosenInput(canvas);
    await userEvent.clear(input);
    await userEvent.type(input, 'new y');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(list.querySelectorAll('[role="option"]')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('America/New_York');
    await expect(input).toHaveValue('America/New York');
  },
};

/** Nothing matches: the list says so. */
export const NoMatch: Story = {
  args: { emptyText: 'No time zone matches. Try a nearby large city.' },
  play: async ({ canvas, userEvent }) => {
    const input = await chosenInput(canvas);
    await userEvent.clear(input);
    await userEvent.type(input, 'Atlantis');
    // The list's popover is revealed once it is placed, a frame after it mounts.
    await waitFor(() =>
      expect(screen.getByText('No time zone matches. Try a nearby large city.')).toBeVisible(),
    );
  },
};
