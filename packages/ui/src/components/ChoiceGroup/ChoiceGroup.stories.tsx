import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { type Choice, ChoiceGroup, type ChoiceGroupProps } from './ChoiceGroup';

type Channel = 'email' | 'text' | 'none';

const channels: Choice<Channel>[] = [
  { value: 'email', label: 'E-mail', description: 'To maya.chen@tutoring.example.org' },
  { value: 'text', label: 'Text message', description: 'To +1 (510) 555-0188' },
  { value: 'none', label: 'None', description: 'You see replies when you open the portal' },
];

/** A ChoiceGroup that keeps its own choice, as a page would. */
function Stateful(props: ChoiceGroupProps<Channel>) {
  const [value, setValue] = useState(props.value);
  return (
    <ChoiceGroup
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
  title: 'Components/Forms/ChoiceGroup',
  component: ChoiceGroup<Channel>,
  tags: ['autodocs'],
  args: {
    label: 'Send notifications by',
    choices: channels,
    value: 'email',
    onChange: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ChoiceGroup<Channel>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three choices, each with what it means; the arrow keys move the choice. */
export const Channels: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Send notifications by' })).toBeVisible();
    const email = canvas.getByRole('radio', { name: 'E-mail' });
    await expect(email).toBeChecked();
    await expect(email).toHaveAccessibleDescription('To maya.chen@tutoring.example.org');
    await userEvent.tab();
    await expect(email).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Text message' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('text');
  },
};

/** A choice that cannot be made now says why, and the arrow keys skip it. */
export const WithDisabledChoice: Story = {
  args: {
    choices: channels.map((choice) =>
      choice.value === 'text'
        ? { ...choice, description: 'Verify your phone first', isDisabled: true }
        : choice,
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: 'Text message' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: 'E-mail' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'None' })).toBeChecked();
  },
};

/** With an error: said with the group. */
export const WithError: Story = {
  args: {
    value: 'text',
    errorMessage: 'Texts need a verified phone: verify your number below.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Texts need a verified phone/)).toBeVisible();
  },
};
