import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from './Link';

const meta = {
  title: 'Components/Base/Link',
  component: Link,
  tags: ['autodocs'],
  args: {
    href: '/credits',
    children: 'Credits',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['inline', 'primaryButton', 'secondaryButton'] },
  },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p>
      Read about the tools that support us on the <Link {...args} /> page.
    </p>
  ),
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Credits' });
    await expect(link).toHaveAttribute('href', '/credits');
    await expect(link).not.toHaveAttribute('target');
    await expect(link).not.toHaveAttribute('rel');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const External: Story = {
  args: {
    href: 'https://example.org/volunteer-application',
    children: 'volunteer tutor application',
    external: true,
  },
  render: (args) => (
    <p>
      Not a tutor yet? Fill in the <Link {...args} />.
    </p>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', {
      name: 'volunteer tutor application (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link.querySelector('svg[data-external-icon]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    // The hint is for assistive technology only: it takes no visible space.
    const hint = canvas.getByText('(opens in a new tab)');
    await expect(hint.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const PrimaryButton: Story = {
  args: { href: '/tutoring', children: 'Go to the Tutor Portal', variant: 'primaryButton' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Go to the Tutor Portal' });
    await expect(link).toHaveAttribute('href', '/tutoring');
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

export const SecondaryButton: Story = {
  args: { href: '/', children: 'Return to home', variant: 'secondaryButton' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Return to home' });
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

export const ExternalButton: Story = {
  args: {
    href: 'https://example.org/student-portal',
    children: 'Go to the Student Portal',
    variant: 'primaryButton',
    external: true,
  },
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', {
      name: 'Go to the Student Portal (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};
