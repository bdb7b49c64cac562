import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { SchedulingEmbed } from './SchedulingEmbed';

/* Offline: a data: URL stands in for the scheduling widget. */
const widgetPage = `data:text/html,${encodeURIComponent(
  '<body style="font-family:sans-serif;margin:16px;color:#1b2330"><h1>Pick a time</h1><p>Tuesday 5:00 pm</p><p>Thursday 6:30 pm</p></body>',
)}`;

const meta = {
  title: 'Components/Embeds/SchedulingEmbed',
  component: SchedulingEmbed,
  tags: ['autodocs'],
  args: { src: widgetPage, title: 'Choose a live training date' },
} satisfies Meta<typeof SchedulingEmbed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded: titled iframe, 820 px, no spinner. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const frame = canvas.getByTitle('Choose a live training date');
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(frame.getBoundingClientRect().height).toBe(820);
  },
};

/** No URL yet: the spinner says what is loading. */
export const Loading: Story = {
  args: { src: null },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading available times' }),
    ).toBeVisible();
  },
};
