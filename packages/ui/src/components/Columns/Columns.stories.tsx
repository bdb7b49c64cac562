import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import * as sampleStyles from '../Box/Box.stories.css';
import { Columns } from './Columns';

const meta = {
  title: 'Foundations/Layout/Columns',
  component: Columns,
  tags: ['autodocs'],
  args: {
    gap: 'xl',
    columns: 'mainAndSide',
    collapseBelow: 'twoColumns',
    children: [
      <div key="main" className={sampleStyles.sample}>
        Students
      </div>,
      <div key="side" className={sampleStyles.sample}>
        What's New
      </div>,
    ],
  },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof Columns>;

export default meta;
type Story = StoryObj<typeof meta>;

const sideBySide = (main: HTMLElement, side: HTMLElement) =>
  main.getBoundingClientRect().top === side.getBoundingClientRect().top;

/**
 * A main and a side column at 2:1 that collapse below their own width of 56rem (`twoColumns`),
 * whatever the viewport: in a 60rem box they stand side by side.
 */
export const MainAndSide: Story = {
  render: (args) => (
    <div className={sampleStyles.wide}>
      <Columns {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const [main, side] = [canvas.getByText('Students'), canvas.getByText("What's New")];
    const roomForTwo = (main.parentElement?.getBoundingClientRect().width ?? 0) >= 56 * 16;
    await expect(sideBySide(main, side)).toBe(roomForTwo);
    if (roomForTwo) {
      const ratio = main.getBoundingClientRect().width / side.getBoundingClientRect().width;
      await expect(ratio).toBeGreaterThan(1.9);
    }
  },
};

/** The same columns in a 16rem box: one under the other, though the viewport is wide. */
export const CollapsedInANarrowColumn: Story = {
  render: (args) => (
    <div className={sampleStyles.narrow}>
      <Columns {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const [main, side] = [canvas.getByText('Students'), canvas.getByText("What's New")];
    await expect(sideBySide(main, side)).toBe(false);
    await expect(side.getBoundingClientRect().top - main.getBoundingClientRect().bottom).toBe(24);
  },
};

/** Equal columns that collapse to two below the 768 px screen (the stat cards). */
export const FourThenTwo: Story = {
  args: {
    columns: 4,
    collapseBelow: 'mobileScreen',
    collapsedColumns: 2,
    gap: { all: 'lg', belowMobile: 'md' },
    children: ['Sessions', 'Hours', 'Students', 'Messages'].map((item) => (
      <div key={item} className={sampleStyles.sample}>
        {item}
      </div>
    )),
  },
  play: async ({ canvas }) => {
    const cells = ['Sessions', 'Hours', 'Students', 'Messages'].map((item) =>
      canvas.getByText(item),
    );
    const rows = new Set(cells.map((cell) => cell.getBoundingClientRect().top)).size;
    await expect(rows).toBe(window.innerWidth < 768 ? 2 : 1);
  },
};
