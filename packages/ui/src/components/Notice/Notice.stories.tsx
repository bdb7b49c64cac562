import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { Notice } from './Notice';

const meta = {
  title: 'Components/Base/Notice',
  component: Notice,
  tags: ['autodocs'],
  argTypes: {
    variant: { control: 'inline-radio', options: ['failure', 'info', 'success', 'warn'] },
  },
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Failure: Story = {
  args: {
    variant: 'failure',
    title: 'auth/invalid-email',
    children: 'The email address is badly formatted.',
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    // §2: the sign-in failure banner shows the error code, then the message.
    await expect(alert).toHaveTextContent(
      /^auth\/invalid-email\s*The email address is badly formatted\.$/,
    );
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/**
 * A failure the server answered: its request id under the message, for the volunteer to quote to
 * support (a long id wraps rather than widening the page at 390 px).
 */
export const FailureWithReference: Story = {
  name: 'Failure with reference',
  args: {
    variant: 'failure',
    title: 'Your settings were not saved.',
    children: 'Something went wrong on our side. Please try again.',
    reference: '3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /Please try again\.\s*Reference: 3f9c2b7e-1a4d-4c8e-9b21-6d0f5a7c8e43$/,
    );
  },
};

export const Info: Story = {
  args: {
    variant: 'info',
    title: 'Translation available',
    children: "This student's guardian prefers Spanish; messages can be translated.",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Translation available/);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Success: Story = {
  args: { variant: 'success', children: 'Success! Magic link sent.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Success! Magic link sent.');
  },
};

export const Warn: Story = {
  args: {
    variant: 'warn',
    title: 'No session in 14 days',
    children: 'Check in with the guardian to plan the next session.',
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveAttribute('data-variant', 'warn');
    await expect(status).toHaveTextContent(/No session in 14 days/);
  },
};

export const Static: Story = {
  args: {
    variant: 'info',
    announce: false,
    children: 'Availability is plain text because no availability form exists for this tutor.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvas.getByText(/no availability form exists/)).toBeVisible();
  },
};

export const AllVariants: Story = {
  args: { variant: 'info' },
  render: () => (
    <Stack gap="md">
      <Notice variant="failure" title="unavailable">
        The service is not reachable. Please try again.
      </Notice>
      <Notice variant="info">Sessions are 60 minutes long.</Notice>
      <Notice variant="success">Success! Magic link sent.</Notice>
      <Notice variant="warn">Your availability form is missing.</Notice>
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
  },
};
