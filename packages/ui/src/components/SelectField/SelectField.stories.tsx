import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { revealed } from '../../lib/storyOverlays/revealed';
import { SelectField, type SelectFieldProps } from './SelectField';

const times = ['20:00', '20:30', '21:00', '21:30', '22:00'].map((value) => ({
  value,
  label: new Date(`2000-01-01T${value}:00Z`).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }),
}));

/** A SelectField that keeps its own choice, as a page would. */
function Stateful(props: SelectFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SelectField
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
  title: 'Components/Forms/SelectField',
  component: SelectField,
  tags: ['autodocs'],
  args: { label: 'From', options: times, value: '21:00', onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, showing the choice; the list opens from the keyboard and a choice closes it. */
export const Closed: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: /9:00 PM/ });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await revealed(screen.findByRole('listbox'));
    await userEvent.click(screen.getByRole('option', { name: '10:00 PM' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onChange).toHaveBeenCalledWith('22:00');
    await expect(canvas.getByRole('button', { name: /10:00 PM/ })).toBeVisible();
  },
};

/** With a description and an error. */
export const WithError: Story = {
  args: {
    description: 'When quiet hours start.',
    errorMessage: 'Quiet hours must start and end at different times.',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Quiet hours must start and end at different times.'),
    ).toBeVisible();
  },
};
