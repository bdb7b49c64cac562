import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { VideoEmbed } from './VideoEmbed';

/* Offline: a data: URL stands in for the video player. */
const playerPage = `data:text/html,${encodeURIComponent(
  '<body style="margin:0;background:#1b2330;color:#ffffff;font-family:sans-serif;display:grid;place-items:center;height:100vh"><p>Video player</p></body>',
)}`;

const meta = {
  title: 'Components/Embeds/VideoEmbed',
  component: VideoEmbed,
  tags: ['autodocs'],
  args: { src: playerPage, title: 'Tutoring 101 training video' },
} satisfies Meta<typeof VideoEmbed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 16:9 at both widths; titled; fullscreen allowed; the spinner goes after load. */
export const Responsive16By9: Story = {
  play: async ({ canvas, canvasElement }) => {
    const frame = canvas.getByTitle('Tutoring 101 training video');
    await expect(frame).toHaveAttribute('allow', expect.stringContaining('fullscreen'));
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    const { width, height } = frame.getBoundingClientRect();
    await expect(Math.abs(width / height - 16 / 9)).toBeLessThan(0.01);
    await expect(width).toBeLessThanOrEqual(canvasElement.getBoundingClientRect().width);
  },
};
