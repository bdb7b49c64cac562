import type { Atoms } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from '../Box/Box';
import * as styles from './Tiles.css';

export interface TilesProps extends Omit<BoxProps, 'display' | 'alignItems' | 'minWidth'> {
  /** The space between the tiles, across and down: a space token, or one per width. */
  gap: NonNullable<Atoms['gap']>;
  /** How narrow a tile may get before the row holds one fewer. */
  minWidth: keyof typeof styles.minTileWidth;
  /** How the tiles of a row line up vertically; default `stretch` (a row's tiles equally tall). */
  alignY?: Atoms['alignItems'];
  /** A row with fewer tiles than room: widen them (`stretch`, default) or keep their width. */
  shortRow?: keyof typeof styles.shortRow;
}

/**
 * Equal tiles, as many to a row as fit at their narrowest: cards, link groups. Needs no collapse
 * point: a phone gets one a row, a wide page three or four.
 */
export function Tiles({
  gap,
  minWidth,
  alignY,
  shortRow = 'stretch',
  className,
  ...props
}: TilesProps) {
  const classes = [styles.minTileWidth[minWidth], styles.shortRow[shortRow], className]
    .filter(Boolean)
    .join(' ');
  return <Box display="grid" gap={gap} alignItems={alignY} className={classes} {...props} />;
}
