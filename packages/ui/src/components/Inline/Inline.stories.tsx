import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as sampleStyles from '../Box/Box.stories.css';
import { Inline } from './Inline';

const labels = ['Chat', 'Learning pathway', 'Launch learning portal', 'Copy link', 'Report'];

const meta = {
  title: 'Foundations/Layout/Inline',
  component: Inline,
  tags: ['autodocs'],
  args: {
    gap: 'md',
    children: labels.map((label) => (
      <span key={label} className={sampleStyles.sample}>
        {label}
      </span>
    )),
  },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Side by side with a 12 px gap; they wrap onto the next line where the row runs out. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const [first, second] = [canvas.getByText('Chat'), canvas.getByText('Learning pathway')];
    await expect(first.getBoundingClientRect().top).toBe(second.getBoundingClientRect().top);
    await expect(second.getBoundingClientRect().left - first.getBoundingClientRect().right).toBe(
      12,
    );
  },
};

/** In a narrow box the items wrap, and the gap holds between the lines too. */
export const Wrapping: Story = {
  render: (args) => (
    <div className={sampleStyles.narrow}>
      <Inline {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const first = canvas.getByText('Chat');
    const last = canvas.getByText('Report');
    await expect(last.getBoundingClientRect().top).toBeGreaterThan(
      first.getBoundingClientRect().bottom,
    );
  },
};

/** `align="end"` puts the row at the end of the line (a dialog's buttons). */
export const AlignedToEnd: Story = {
  args: { align: 'end', children: <span className={sampleStyles.sample}>Close</span> },
  play: async ({ canvas }) => {
    const item = canvas.getByText('Close');
    const row = item.parentElement?.getBoundingClientRect();
    await expect(Math.round(item.getBoundingClientRect().right)).toBe(Math.round(row?.right ?? 0));
  },
};
