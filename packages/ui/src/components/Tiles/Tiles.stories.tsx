import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as sampleStyles from '../Box/Box.stories.css';
import { Tiles } from './Tiles';

const groups = ['Tutoring', 'Families', 'Technology', 'Safeguarding', 'Training'];

const meta = {
  title: 'Foundations/Layout/Tiles',
  component: Tiles,
  tags: ['autodocs'],
  args: {
    gap: 'lg',
    minWidth: 'card',
    children: groups.map((group) => (
      <div key={group} className={sampleStyles.sample}>
        {group}
      </div>
    )),
  },
} satisfies Meta<typeof Tiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As many 16rem tiles to a row as fit: one on a phone, more on a wide page. */
export const Cards: Story = {
  play: async ({ canvas }) => {
    const tiles = groups.map((group) => canvas.getByText(group));
    const width = tiles[0]?.parentElement?.getBoundingClientRect().width ?? 0;
    const perRow = tiles.filter(
      (tile) => tile.getBoundingClientRect().top === tiles[0]?.getBoundingClientRect().top,
    ).length;
    await expect(perRow).toBe(Math.min(groups.length, Math.max(1, Math.floor((width + 16) / 272))));
  },
};

/** Two tiles with room for more: `keepWidth` keeps them as wide as in a full row. */
export const ShortRowKeepsWidth: Story = {
  args: {
    shortRow: 'keepWidth',
    children: groups.slice(0, 2).map((group) => (
      <div key={group} className={sampleStyles.sample}>
        {group}
      </div>
    )),
  },
  play: async ({ canvas }) => {
    const tile = canvas.getByText('Tutoring');
    const row = tile.parentElement?.getBoundingClientRect().width ?? 0;
    // Room for three or more: each tile keeps a third of the row or less.
    if (row >= 3 * 256 + 2 * 16) {
      await expect(tile.getBoundingClientRect().width).toBeLessThanOrEqual(row / 3);
    }
  },
};
