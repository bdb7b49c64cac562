import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ForwardingNumber, formatPhoneNumber } from './ForwardingNumber';

const meta = {
  title: 'Components/Messenger/ForwardingNumber',
  component: ForwardingNumber,
  tags: ['autodocs'],
  args: { number: '+15550104477', guardianName: 'Maria Lopez' },
} satisfies Meta<typeof ForwardingNumber>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The studentTwilio number, formatted, with the explanation that the real number is hidden. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+1 (555) 010-4477')).toBeVisible();
    await expect(canvas.getByText(/Their real phone number stays hidden/)).toBeVisible();
    await expect(formatPhoneNumber('15550104477')).toBe('+1 (555) 010-4477');
    await expect(formatPhoneNumber(' (555) 010-4477 ')).toBe('+1 (555) 010-4477');
    await expect(formatPhoneNumber('+442079460000')).toBe('+442079460000');
  },
};
