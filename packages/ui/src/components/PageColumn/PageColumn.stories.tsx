import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageColumn } from './PageColumn';

const meta = {
  title: 'Foundations/Layout/PageColumn',
  component: PageColumn,
  tags: ['autodocs'],
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true }, layout: 'fullscreen' },
  args: {
    as: 'main',
    children: [
      <h1 key="title">You have been logged out.</h1>,
      <p key="text">Sign in again from the home page to reach your dashboard.</p>,
    ],
  },
} satisfies Meta<typeof PageColumn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A readable column (40rem), centred, with the page's padding: 48 by 24 px, 24 by 16 on a phone. */
export const Readable: Story = {
  play: async ({ canvas }) => {
    const page = canvas.getByRole('main');
    const style = getComputedStyle(page);
    const phone = window.innerWidth < 640;
    await expect(style.paddingTop).toBe(phone ? '24px' : '48px');
    await expect(style.paddingLeft).toBe(phone ? '16px' : '24px');
    await expect(page.getBoundingClientRect().width).toBeLessThanOrEqual(40 * 16);
    const { left, right } = page.getBoundingClientRect();
    await expect(Math.abs(left - (window.innerWidth - right))).toBeLessThanOrEqual(1);
  },
};

/** The content width (72rem), for a screen with a list of remedies. */
export const Content: Story = {
  args: { width: 'content' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main').getBoundingClientRect().width).toBeLessThanOrEqual(
      72 * 16,
    );
  },
};
