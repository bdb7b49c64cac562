import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as sampleStyles from '../Box/Box.stories.css';
import { Stack } from './Stack';

const meta = {
  title: 'Foundations/Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    gap: 'md',
    children: ['Name', 'Grade', 'Subjects'].map((item) => (
      <div key={item} className={sampleStyles.sample}>
        {item}
      </div>
    )),
  },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Items one under the other, the gap a space token (md: 12 px). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const [first, second] = [canvas.getByText('Name'), canvas.getByText('Grade')];
    const gap = second.getBoundingClientRect().top - first.getBoundingClientRect().bottom;
    await expect(gap).toBe(12);
    // Stretched: every item as wide as the stack.
    await expect(first.getBoundingClientRect().width).toBe(
      first.parentElement?.getBoundingClientRect().width,
    );
  },
};

/** A gap per width: 32 px, and 8 px on a phone. */
export const ResponsiveGap: Story = {
  args: { gap: { all: 'xxl', belowSmall: 'sm' } },
  play: async ({ canvas }) => {
    const [first, second] = [canvas.getByText('Name'), canvas.getByText('Grade')];
    const gap = second.getBoundingClientRect().top - first.getBoundingClientRect().bottom;
    await expect(gap).toBe(window.innerWidth < 640 ? 8 : 32);
  },
};

/** `align="start"`: each item as wide as its content. */
export const AlignedToStart: Story = {
  args: { align: 'start' },
  play: async ({ canvas }) => {
    const item = canvas.getByText('Name');
    await expect(item.getBoundingClientRect().width).toBeLessThan(
      (item.parentElement?.getBoundingClientRect().width ?? 0) / 2,
    );
  },
};

/** A list: `as="ul"` with `li` children keeps the list's semantics. */
export const AsAList: Story = {
  args: {
    as: 'ul',
    gap: 'sm',
    'aria-label': 'Steps',
    children: ['Waiver', 'Training', 'Background check'].map((item) => (
      <li key={item} className={sampleStyles.sample}>
        {item}
      </li>
    )),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Steps' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
