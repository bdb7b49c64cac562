import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from './Button';

const meta = {
  title: 'Components/Base/Button',
  component: Button,
  tags: ['autodocs'],
  args: {
    children: 'Send Magic Link',
    onPress: fn(),
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost'] },
    size: { control: 'inline-radio', options: ['medium', 'small'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Send Magic Link' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    // WCAG 2.2 2.5.8 asks for 24 px; the product aims for 44 px.
    const { height, width } = button.getBoundingClientRect();
    await expect(height).toBeGreaterThanOrEqual(44);
    await expect(width).toBeGreaterThanOrEqual(44);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Start Application' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start Application' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Sign Out' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Out' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const KeyboardActivation: Story = {
  args: { children: 'Send Magic Link' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Send Magic Link' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Send Magic Link' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, pendingLabel: 'Sending Magic Link' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: /Sending Magic Link/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('progressbar')).toBeInTheDocument();
    await expect(canvas.queryByText('Send Magic Link')).not.toBeInTheDocument();
    // Pending keeps focus (so the announcement is heard) but ignores presses.
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const PendingWithoutLabel: Story = {
  args: { isPending: true, variant: 'secondary', children: 'Save' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Save/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(canvas.getByRole('progressbar')).toBeInTheDocument();
  },
};

/** The small size, for an action inside a line of small text: at least 24 px (WCAG 2.2 2.5.8). */
export const Small: Story = {
  args: { variant: 'secondary', size: 'small', children: 'Retry' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Retry' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    const { height, width } = button.getBoundingClientRect();
    await expect(height).toBeGreaterThanOrEqual(24);
    await expect(width).toBeGreaterThanOrEqual(24);
    await expect(height).toBeLessThan(44);
  },
};

/** Small and pending: the spinner fits the 24 px button. */
export const SmallPending: Story = {
  args: {
    variant: 'secondary',
    size: 'small',
    children: 'Retry',
    isPending: true,
    pendingLabel: 'Retrying',
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Retrying/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button.getBoundingClientRect().height).toBeLessThan(44);
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Go to the Tutor Portal' },
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', { name: 'Go to the Tutor Portal' });
    const container = canvasElement.getBoundingClientRect();
    await expect(Math.round(button.getBoundingClientRect().width)).toBe(
      Math.round(container.width),
    );
  },
};
