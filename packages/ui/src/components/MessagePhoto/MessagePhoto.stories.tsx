import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { MessagePhoto } from './MessagePhoto';
import { loadSamplePhoto, samplePhoto } from './MessagePhoto.stories.photos';

const meta = {
  title: 'Components/Messenger/MessagePhoto',
  component: MessagePhoto,
  tags: ['autodocs'],
  args: { photoId: 'photo-worksheet', alt: 'Photo from Ana Martinez', load: loadSamplePhoto },
} satisfies Meta<typeof MessagePhoto>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Loaded: the thumbnail, from a blob: URL, named after the sender; pressing it opens it. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const image = await canvas.findByRole('img', { name: 'Photo from Ana Martinez' });
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(image.getAttribute('src')).toMatch(/^blob:/);
    await expect(canvas.getByRole('button', { name: 'Photo from Ana Martinez' })).toBeVisible();
  },
};

/** While the bytes load: a placeholder of the thumbnail's size, with a named spinner. */
export const Loading: Story = {
  args: { load: () => new Promise<Blob>(() => undefined) },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('progressbar', { name: 'Loading photo from Ana Martinez' }),
    ).toBeVisible();
    const box = canvasElement.querySelector('[data-photo-state="loading"]') as HTMLElement;
    const { width, height } = box.getBoundingClientRect();
    // 16rem wide (or the width there is), 4:3: the bubble keeps its shape when the picture comes.
    await expect(Math.round(width)).toBe(Math.min(256, canvasElement.clientWidth));
    await expect(Math.round(height)).toBe(Math.round((width * 3) / 4));
  },
};

/** The ids the Failed story's loader was asked for, in order. */
let failedOnceCalls: string[] = [];

/** The bytes could not be loaded: it says so, in the same box, and Try again loads again. */
export const Failed: Story = {
  render: function FailingOnce(args) {
    const [load] = useState(() => {
      failedOnceCalls = [];
      return (photoId: string) => {
        failedOnceCalls.push(photoId);
        return failedOnceCalls.length === 1
          ? Promise.reject(new Error('Network'))
          : samplePhoto('worksheet');
      };
    });
    return <MessagePhoto {...args} load={load} />;
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Photo from Ana Martinez could not be loaded.'),
    ).toBeVisible();
    const again = canvas.getByRole('button', { name: 'Try again: Photo from Ana Martinez' });
    await expect(again).toHaveTextContent('Try again');
    await userEvent.click(again);
    await expect(
      await canvas.findByRole('img', { name: 'Photo from Ana Martinez' }),
    ).toBeInTheDocument();
    await expect(failedOnceCalls).toEqual(['photo-worksheet', 'photo-worksheet']);
  },
};

/** The failure as it shows until the tutor tries again. */
export const FailedWaiting: Story = {
  name: 'Failed, waiting',
  args: { load: () => Promise.reject(new Error('Network')) },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Photo from Ana Martinez could not be loaded.'),
    ).toBeVisible();
  },
};

/**
 * The blob: URL lives as long as the picture is on screen: taking the picture away (the chat
 * closed) revokes it, so its bytes are not kept.
 */
export const RevokedOnUnmount: Story = {
  name: 'Blob URL revoked when it goes',
  render: function Toggle(args) {
    const [shown, setShown] = useState(true);
    return (
      <Stack gap="md" align="start">
        {shown ? <MessagePhoto {...args} /> : <p>The chat is closed.</p>}
        <Button variant="secondary" onPress={() => setShown(false)}>
          Close the chat
        </Button>
      </Stack>
    );
  },
  play: async ({ canvas }) => {
    const image = await canvas.findByRole('img', { name: 'Photo from Ana Martinez' });
    const url = image.getAttribute('src') ?? '';
    await expect(url).toMatch(/^blob:/);
    await expect((await fetch(url)).ok).toBe(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Close the chat' }));
    await expect(canvas.getByText('The chat is closed.')).toBeVisible();
    // A revoked blob: URL no longer resolves.
    await expect(fetch(url)).rejects.toThrow();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};
