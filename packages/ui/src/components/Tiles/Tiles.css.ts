import { styleVariants } from '@vanilla-extract/css';

/** The narrowest a tile gets before the row holds one fewer (never wider than the row itself). */
export const minTileWidth = styleVariants({
  /** A card of text or links: 16rem, about 32 characters a line. */
  card: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))' },
  /** A colour swatch or a small sample in the workbench. */
  swatch: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))' },
});
