import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../components/Stack/Stack';
import { Tiles } from '../components/Tiles/Tiles';
import * as styles from './Tokens.css';
import { type ContrastPair, colorTokens, contrastPairs, contrastRatio } from './tokens';

/** The colour pairs the components use, with their WCAG contrast ratios. */
function ContrastTable({ pairs }: { pairs: readonly ContrastPair[] }) {
  return (
    <Tiles
      as="ul"
      minWidth="swatch"
      shortRow="keepWidth"
      gap="md"
      className={styles.grid}
      aria-label="Colour contrast pairs"
    >
      {pairs.map((pair) => {
        const ratio = contrastRatio(colorTokens[pair.foreground], colorTokens[pair.background]);
        const isText = pair.minimum === 4.5;
        const classNames = isText
          ? [styles.sample, styles.textColor[pair.foreground], styles.background[pair.background]]
          : [styles.sample, styles.boundary[pair.foreground], styles.background[pair.background]];
        return (
          <Stack
            as="li"
            gap="xs"
            key={`${pair.foreground}-${pair.background}`}
            className={classNames.join(' ')}
            data-foreground={pair.foreground}
            data-background={pair.background}
          >
            <span className={isText ? undefined : styles.boundaryLabel}>
              {pair.foreground} on {pair.background}
            </span>
            <span className={[styles.ratio, isText ? '' : styles.boundaryLabel].join(' ')}>
              {ratio.toFixed(2)}:1 (needs {pair.minimum}:1)
            </span>
          </Stack>
        );
      })}
    </Tiles>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  component: ContrastTable,
  tags: ['autodocs'],
  args: { pairs: contrastPairs },
} satisfies Meta<typeof ContrastTable>;

export default meta;
type Story = StoryObj<typeof meta>;

function toRgb(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((start) =>
    Number.parseInt(hex.slice(start, start + 2), 16),
  );
  return `rgb(${red}, ${green}, ${blue})`;
}

export const Pairs: Story = {
  play: async ({ canvas }) => {
    for (const pair of contrastPairs) {
      const ratio = contrastRatio(colorTokens[pair.foreground], colorTokens[pair.background]);
      await expect(ratio, `${pair.foreground} on ${pair.background}`).toBeGreaterThanOrEqual(
        pair.minimum,
      );
    }
    // The CSS variables on :root carry exactly the token values.
    const items = canvas.getAllByRole('listitem');
    const textSample = items.find((item) => item.dataset.foreground === 'text');
    if (!textSample) throw new Error('No sample for the text colour');
    await expect(getComputedStyle(textSample).color).toBe(toRgb(colorTokens.text));
    await expect(getComputedStyle(textSample).backgroundColor).toBe(toRgb(colorTokens.surface));
  },
};
