import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { EmbedFrame } from './EmbedFrame';

/* Offline: a data: URL loads without any network and fires 'load' reliably. */
const page = (text: string) =>
  `data:text/html,${encodeURIComponent(
    `<body style="font-family:sans-serif;margin:16px;color:#1b2330"><p>${text}</p></body>`,
  )}`;

const meta = {
  title: 'Components/Embeds/EmbedFrame',
  component: EmbedFrame,
  tags: ['autodocs'],
  args: { src: page('Embedded page'), title: 'Embedded page', loadingLabel: 'Loading page' },
} satisfies Meta<typeof EmbedFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spinner goes once the iframe has fired `load`. */
export const Loaded: Story = {
  play: async ({ canvas, canvasElement }) => {
    const frame = canvasElement.querySelector('iframe');
    await expect(frame).toHaveAttribute('title', 'Embedded page');
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(canvasElement.querySelector('[data-loaded]')).not.toBeNull();
  },
};

/** No URL yet: only the spinner, no iframe. */
export const WaitingForUrl: Story = {
  args: { src: null },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};
