import { createVar, style, styleVariants } from '@vanilla-extract/css';

const tileMinimum = createVar();

/** The narrowest a tile gets before the row holds one fewer (never wider than the row itself). */
export const minTileWidth = styleVariants({
  /** A card of text or links: 16rem, about 32 characters a line. */
  card: { vars: { [tileMinimum]: '16rem' } },
  /** A colour swatch or a small sample in the workbench. */
  swatch: { vars: { [tileMinimum]: '15rem' } },
});

const tracks = (repeat: 'auto-fit' | 'auto-fill') =>
  style({ gridTemplateColumns: `repeat(${repeat}, minmax(min(100%, ${tileMinimum}), 1fr))` });

/**
 * A row with fewer tiles than room: `stretch` widens them to fill it (auto-fit), `keepWidth` keeps
 * every tile as wide as in a full row and leaves the rest empty (auto-fill).
 */
export const shortRow = { stretch: tracks('auto-fit'), keepWidth: tracks('auto-fill') };
