import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Spinner } from './Spinner';

const meta = {
  title: 'Components/Base/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  argTypes: {
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const progressbar = canvas.getByRole('progressbar', { name: 'Loading' });
    // Indeterminate: no value for assistive technology to read out.
    await expect(progressbar).not.toHaveAttribute('aria-valuenow');
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      const ring = progressbar.querySelector('svg');
      await expect(ring && getComputedStyle(ring).animationIterationCount).toBe('infinite');
    }
  },
};

export const CustomLabel: Story = {
  args: { label: 'Loading students', size: 'large' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading students' })).toBeVisible();
    await expect(canvas.queryByText('Loading students')).not.toBeInTheDocument();
  },
};

export const WithVisibleLabel: Story = {
  args: { label: 'Loading sign in with popup', showLabel: true },
  play: async ({ canvas }) => {
    const progressbar = canvas.getByRole('progressbar', { name: 'Loading sign in with popup' });
    await expect(progressbar).toHaveTextContent('Loading sign in with popup');
  },
};

export const Sizes: Story = {
  render: () => (
    <Inline gap="lg" alignY="center">
      <Spinner size="small" label="Loading small" />
      <Spinner size="medium" label="Loading medium" />
      <Spinner size="large" label="Loading large" />
    </Inline>
  ),
  play: async ({ canvas }) => {
    const rings = canvas
      .getAllByRole('progressbar')
      .map((bar) => bar.querySelector('svg')?.getBoundingClientRect().width);
    await expect(rings).toEqual([16, 20, 32]);
  },
};

/** The runner emulates prefers-reduced-motion: reduce for this story: the ring stops rotating. */
export const ReducedMotion: Story = {
  parameters: { testRunner: { reducedMotion: true } },
  play: async ({ canvas }) => {
    const ring = canvas.getByRole('progressbar').querySelector('svg');
    if (!ring) throw new Error('The spinner has no ring');
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const { animationName } = getComputedStyle(ring);
    if (reduced) {
      await expect(animationName).toBe('none');
    } else {
      await expect(animationName).not.toBe('none');
    }
  },
};
