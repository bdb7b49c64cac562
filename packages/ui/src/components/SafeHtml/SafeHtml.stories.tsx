import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { SafeHtml } from './SafeHtml';

const meta = {
  title: 'Components/Feedback/SafeHtml',
  component: SafeHtml,
  tags: ['autodocs'],
} satisfies Meta<typeof SafeHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Markers the payloads would set if they ever ran. */
interface XssMarkers {
  __xssScript?: boolean;
  __xssImage?: boolean;
  __xssLink?: boolean;
}
const markers = window as unknown as XssMarkers;

/** Ordinary announcement HTML keeps its structure and links. */
export const RichText: Story = {
  args: {
    html:
      '<p>Office hours move to <strong>Thursday evenings</strong>.</p>' +
      '<ul><li>Bring your questions</li><li>Share a win from this week</li></ul>' +
      '<p>Details in the <a href="https://help.example.org/office-hours">Help Center</a>.</p>',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Thursday evenings').tagName).toBe('STRONG');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      'https://help.example.org/office-hours',
    );
    await expect(canvasElement.querySelector('[style]')).toBeNull();
  },
};

/** `<script>`, `<img onerror>` and `javascript:` payloads are removed and never run. */
export const HostilePayloadIsInert: Story = {
  args: {
    html:
      '<p>Read this!</p>' +
      '<script>window.__xssScript = true</script>' +
      '<img src="data:," alt="broken" onerror="window.__xssImage = true">' +
      '<a href="javascript:window.__xssLink = true">Click me</a>' +
      '<p style="position:fixed;inset:0">Overlay</p>',
  },
  beforeEach: () => {
    delete markers.__xssScript;
    delete markers.__xssImage;
    delete markers.__xssLink;
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByText('Read this!')).toBeVisible();
    await expect(canvasElement.querySelector('script')).toBeNull();
    const image = canvasElement.querySelector('img');
    await expect(image).not.toBeNull();
    await expect(image).not.toHaveAttribute('onerror');
    // The data: URL is not an image, so 'error' fires: give a handler every chance to run.
    await waitFor(() => expect(image?.complete).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const link = canvas.getByText('Click me');
    await expect(link).not.toHaveAttribute('href');
    await userEvent.click(link);
    await expect(canvas.getByText('Overlay')).not.toHaveAttribute('style');
    await expect(markers.__xssScript).toBeUndefined();
    await expect(markers.__xssImage).toBeUndefined();
    await expect(markers.__xssLink).toBeUndefined();
  },
};

/** Forms cannot be smuggled in to phish for passwords. */
export const FormsRemoved: Story = {
  args: {
    html: '<p>Confirm your account</p><form action="https://evil.example"><input name="password" type="password"><button>Send</button></form>',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Confirm your account')).toBeVisible();
    await expect(canvasElement.querySelector('form, input, button')).toBeNull();
  },
};
