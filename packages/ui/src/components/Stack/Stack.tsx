import type { Atoms } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from '../Box/Box';

export interface StackProps extends Omit<BoxProps, 'display' | 'flexDirection' | 'alignItems'> {
  /** The space between the items: a space token, or one per width. */
  gap: NonNullable<Atoms['gap']>;
  /** How the items line up across the stack; default `stretch` (each as wide as the stack). */
  align?: Atoms['alignItems'];
}

/**
 * Items one under the other with a token gap between them: sections of a page, fields of a form,
 * the entries of a list (`as="ul"`). The items are not wrapped: each child is an item.
 */
export function Stack({ gap, align, ...props }: StackProps) {
  return <Box display="flex" flexDirection="column" gap={gap} alignItems={align} {...props} />;
}
