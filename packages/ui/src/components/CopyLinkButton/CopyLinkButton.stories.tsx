import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CopyLinkButton, copyConfirmationMs, type Scheduler } from './CopyLinkButton';

/** A manual clock: records what the button schedules; the play function runs it. */
const manualClock = {
  pending: [] as { callback: () => void; ms: number; cancelled: boolean }[],
  schedule: ((callback, ms) => {
    const entry = { callback, ms, cancelled: false };
    manualClock.pending.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }) as Scheduler,
  reset() {
    manualClock.pending = [];
  },
};

const meta = {
  title: 'Components/Pathway/CopyLinkButton',
  component: CopyLinkButton,
  tags: ['autodocs'],
  args: {
    text: 'https://forms.example.org/post-assessment?id=S-1001&name=Ana&grade=4th',
    label: 'Copy to Clipboard',
    onCopy: fn(async () => undefined),
  },
} satisfies Meta<typeof CopyLinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With an injected clock: 'Copied!' with a tick until exactly 2000 ms are up, then the label. */
export const TickWithManualClock: Story = {
  args: { schedule: manualClock.schedule },
  play: async ({ canvas, args }) => {
    manualClock.reset();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy to Clipboard' }));
    await expect(args.onCopy).toHaveBeenCalledWith(args.text);
    const copied = await canvas.findByRole('button', { name: 'Copied!' });
    await expect(copied.querySelector('[data-icon="check"]')).not.toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Link copied to the clipboard.');
    await expect(manualClock.pending).toHaveLength(1);
    await expect(manualClock.pending[0]?.ms).toBe(copyConfirmationMs);
    await expect(copyConfirmationMs).toBe(2000);

    // Copying again restarts the 2 s: the first timer is cancelled.
    await userEvent.click(copied);
    await waitFor(() => expect(manualClock.pending).toHaveLength(2));
    await expect(manualClock.pending[0]?.cancelled).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Copied!' })).toBeVisible();

    manualClock.pending[1]?.callback();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible(),
    );
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/**
 * With the real clock: 'Copied!' until at least 2 s after the press, then the label again. Timed
 * from before the press, so a slow machine can only make it later, never fail it; the manual-clock
 * story pins the exact 2000 ms.
 */
export const TickWithRealClock: Story = {
  play: async ({ canvas }) => {
    const pressedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy to Clipboard' }));
    await canvas.findByRole('button', { name: 'Copied!' });
    await waitFor(
      () => expect(canvas.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible(),
      { timeout: 6000, interval: 20 },
    );
    await expect(performance.now() - pressedAt).toBeGreaterThanOrEqual(copyConfirmationMs);
  },
};

/** Copying fails (clipboard refused): no tick; the status says so. */
export const CopyFails: Story = {
  args: {
    onCopy: fn(async () => {
      throw new Error('NotAllowedError');
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy to Clipboard' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('The link could not be copied.'),
    );
    await expect(canvas.queryByRole('button', { name: 'Copied!' })).toBeNull();
  },
};

/** The confirmation state for the picture (manual clock never runs). */
export const Copied: Story = {
  args: { schedule: manualClock.schedule, label: 'Copy Assessment Link' },
  play: async ({ canvas }) => {
    manualClock.reset();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Assessment Link' }));
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeVisible();
  },
};
