import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FormEmbed } from './FormEmbed';

/* Offline: a data: URL loads without any network and fires 'load' reliably. */
const formPage = `data:text/html,${encodeURIComponent(
  '<body style="font-family:sans-serif;margin:16px;color:#1b2330"><h1>Availability form</h1><p>Stand-in for the external form.</p></body>',
)}`;

const meta = {
  title: 'Components/Embeds/FormEmbed',
  component: FormEmbed,
  tags: ['autodocs'],
  args: { src: formPage, title: 'Availability form' },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof FormEmbed>;

export default meta;
type Story = StoryObj<typeof meta>;

const frameHeight = (root: HTMLElement) =>
  (root.querySelector('iframe') as HTMLIFrameElement).getBoundingClientRect().height;

/** Any other form: 820 px at every width; the spinner goes once the form has loaded. */
export const DefaultHeight: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByTitle('Availability form').tagName).toBe('IFRAME');
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(frameHeight(canvasElement)).toBe(820);
  },
};

/** No URL yet (the caller is still prefilling it): the spinner with its label. */
export const Loading: Story = {
  args: { src: null, loadingLabel: 'Loading waiver form' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading waiver form' })).toBeVisible();
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};

/** The form provider at 767 px (mobile): 6200 px tall. */
export const ProviderAt767: Story = {
  args: { isFormProvider: true },
  parameters: { testRunner: { widths: [767] } },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(767);
    await expect(frameHeight(canvasElement)).toBe(6200);
  },
};

/** The form provider at 768 px (not mobile): 4000 px tall. */
export const ProviderAt768: Story = {
  args: { isFormProvider: true },
  parameters: { testRunner: { widths: [768] } },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(768);
    await expect(frameHeight(canvasElement)).toBe(4000);
  },
};

/** The form provider at the standard widths: 4000 px at 1280, 6200 px at 390. */
export const ProviderAtStandardWidths: Story = {
  args: { isFormProvider: true },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
    await expect(frameHeight(canvasElement)).toBe(window.innerWidth < 768 ? 6200 : 4000);
  },
};
