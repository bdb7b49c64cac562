import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Toggle, type ToggleProps } from './Toggle';

/** A Toggle that keeps its own state, as a page would. */
function Stateful(props: ToggleProps) {
  const [isSelected, setSelected] = useState(props.isSelected);
  return (
    <Toggle
      {...props}
      isSelected={isSelected}
      onChange={(value) => {
        setSelected(value);
        props.onChange(value);
      }}
    />
  );
}

const meta = {
  title: 'Components/Forms/Toggle',
  component: Toggle,
  tags: ['autodocs'],
  args: {
    label: 'Hold notifications during quiet hours',
    description: 'Nothing is sent between these times; what waited comes in one message.',
    isSelected: true,
    onChange: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof Toggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On: a switch with its label and what on means; Space turns it off. */
export const On: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Hold notifications during quiet hours' });
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(/Nothing is sent between these times/);
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(false);
  },
};

/** Off. */
export const Off: Story = {
  args: { isSelected: false },
  play: async ({ canvas, userEvent, args }) => {
    const toggle = canvas.getByRole('switch');
    await expect(toggle).not.toBeChecked();
    await userEvent.click(canvas.getByText('Hold notifications during quiet hours'));
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

/** Disabled: it cannot be changed. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch')).toBeDisabled();
  },
};
