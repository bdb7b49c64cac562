import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Icon, type IconName } from './Icon';

const meta = {
  title: 'Components/Base/Icon',
  component: Icon,
  tags: ['autodocs'],
  args: { name: 'checkCircle' },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

const names: IconName[] = [
  'check',
  'checkCircle',
  'circle',
  'close',
  'menu',
  'chevronDown',
  'chevronRight',
  'external',
  'home',
  'bell',
  'tasks',
  'inbox',
  'logOut',
  'user',
  'clock',
  'alert',
  'compass',
  'calendar',
  'document',
  'copy',
  'settings',
  'sparkle',
];

/** Every glyph at the three sizes; icons are decorative (aria-hidden). */
export const AllIcons: Story = {
  render: () => (
    <Inline gap="md" alignY="center">
      {names.map((name) => (
        <Icon key={name} name={name} size="large" />
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('svg[data-icon]');
    await expect(icons).toHaveLength(names.length);
    for (const icon of icons) {
      await expect(icon).toHaveAttribute('aria-hidden', 'true');
      await expect(icon.getBoundingClientRect().width).toBe(32);
    }
  },
};

export const Sizes: Story = {
  render: () => (
    <Inline gap="md" alignY="center">
      <Icon name="bell" size="small" />
      <Icon name="bell" />
      <Icon name="bell" size="large" />
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const widths = [...canvasElement.querySelectorAll('svg')].map(
      (icon) => icon.getBoundingClientRect().width,
    );
    await expect(widths).toEqual([16, 20, 32]);
  },
};
