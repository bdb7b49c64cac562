import type { Atoms } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from '../Box/Box';

export interface InlineProps
  extends Omit<BoxProps, 'display' | 'flexDirection' | 'alignItems' | 'justifyContent' | 'wrap'> {
  /** The space between the items, across and down when they wrap: a space token or one per width. */
  gap: NonNullable<Atoms['gap']>;
  /** How the items line up vertically; default `stretch`. */
  alignY?: Atoms['alignItems'];
  /** Where the row sits along the line; default `start`. */
  align?: Atoms['justifyContent'];
  /** False keeps the items on one line; default true: they wrap onto the next line. */
  wrap?: boolean;
}

/**
 * Items side by side that wrap onto the next line when the row runs out of room: a row of
 * buttons, an icon beside its label, a list of links.
 */
export function Inline({ gap, alignY, align, wrap = true, ...props }: InlineProps) {
  return (
    <Box
      display="flex"
      flexWrap={wrap ? 'wrap' : 'nowrap'}
      gap={gap}
      alignItems={alignY}
      justifyContent={align}
      {...props}
    />
  );
}
