import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Box } from './Box';
import * as styles from './Box.stories.css';

const meta = {
  title: 'Foundations/Layout/Box',
  component: Box,
  tags: ['autodocs'],
  args: { children: 'A padded region on the muted surface' },
  // Its plays check what changes with the width: they run again at each width.
  parameters: { testRunner: { playAtEachWidth: true } },
} satisfies Meta<typeof Box>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Atoms as props: each is one class of the theme's tokens, never a style of its own. */
export const PaddedRegion: Story = {
  args: { padding: 'lg', backgroundColor: 'surfaceMuted', borderRadius: 'md' },
  play: async ({ canvas }) => {
    const region = canvas.getByText('A padded region on the muted surface');
    const style = getComputedStyle(region);
    await expect(style.paddingTop).toBe('16px');
    await expect(style.borderTopLeftRadius).toBe('8px');
    await expect(style.backgroundColor).toBe('rgb(243, 245, 248)');
  },
};

/** A value per width: desktop first, a narrower condition wins where both match. */
export const ResponsivePadding: Story = {
  args: {
    padding: { all: 'xxl', belowSmall: 'sm' },
    className: styles.outlined,
    children: '32 px of padding, 8 px below 640 px',
  },
  play: async ({ canvas }) => {
    const region = canvas.getByText('32 px of padding, 8 px below 640 px');
    const expected = window.innerWidth < 640 ? '8px' : '32px';
    await expect(getComputedStyle(region).paddingTop).toBe(expected);
  },
};

/** `as` renders the element the structure needs: a list, a section, a form. */
export const AsAList: Story = {
  render: () => (
    <Box as="ul" display="flex" gap="sm" padding="none" aria-label="Subjects">
      <Box as="li" className={styles.sample}>
        Math
      </Box>
      <Box as="li" className={styles.sample}>
        Reading
      </Box>
    </Box>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Subjects' });
    await expect(list.tagName).toBe('UL');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(getComputedStyle(list).display).toBe('flex');
  },
};
