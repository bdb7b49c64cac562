import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { TextInput, type TextInputProps } from './TextInput';

/** A TextInput that keeps its own value, as a page would. */
function Stateful(props: TextInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TextInput
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
  title: 'Components/Forms/TextInput',
  component: TextInput,
  tags: ['autodocs'],
  args: {
    label: 'Your mobile number',
    description: 'We text a six-digit code to it, to check that it is yours.',
    value: '',
    onChange: fn(),
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, with its label and description: typing changes the value. */
export const Empty: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Your mobile number' });
    await expect(input).toHaveAccessibleDescription(/six-digit code/);
    await expect(input).toHaveAttribute('type', 'tel');
    await userEvent.type(input, '510');
    await expect(input).toHaveValue('510');
    await expect(args.onChange).toHaveBeenLastCalledWith('510');
  },
};

/** With an error: the field is invalid, and the message describes it. */
export const WithError: Story = {
  args: {
    value: '555-01',
    errorMessage: 'Enter a mobile number with its area code, such as (510) 555-0123.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Your mobile number' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Enter a mobile number with its area code/);
  },
};

/** A short input for a code. */
export const ShortCode: Story = {
  args: {
    label: 'Code from the text',
    description: undefined,
    value: '123456',
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    width: 'short',
    maxLength: 7,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Code from the text' })).toHaveValue('123456');
  },
};

/** Disabled. */
export const Disabled: Story = {
  args: { value: '+1 (510) 555-0188', isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};
