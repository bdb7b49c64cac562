import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { BellBadge, bellBadgeLabel } from './BellBadge';

const meta = {
  title: 'Components/Tutoring/BellBadge',
  component: BellBadge,
  tags: ['autodocs'],
  args: { count: 3, onPress: fn() },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof BellBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under 640 px: the bell shows with its count and opens the updates. */
export const SmallScreen: Story = {
  parameters: { testRunner: { widths: [390] } },
  play: async ({ canvas, args }) => {
    const bell = canvas.getByRole('button', { name: '3 new updates' });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveTextContent('3');
    const { width, height } = bell.getBoundingClientRect();
    await expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    await userEvent.click(bell);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

/** At 1280 px the bell is hidden (the popup is used there): nothing to see or to tab to. */
export const WideScreenHidden: Story = {
  parameters: { testRunner: { widths: [1280] } },
  play: async ({ canvas, canvasElement }) => {
    const bell = canvasElement.querySelector('[data-bell-badge]');
    await expect(bell).toHaveAttribute('aria-label', '3 new updates');
    await expect(window.innerWidth).toBeGreaterThanOrEqual(640);
    await expect(bell).not.toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** Large counts are drawn in full (they are the accessible name); names for one and none. */
export const Counts: Story = {
  parameters: { testRunner: { widths: [390] } },
  args: { count: 120 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '120 new updates' })).toHaveTextContent('120');
    await expect(bellBadgeLabel(1)).toBe('1 new update');
    await expect(bellBadgeLabel(0)).toBe('No new updates');
  },
};
