import type { Atoms } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from '../Box/Box';
import * as styles from './PageColumn.css';

export interface PageColumnProps
  extends Omit<BoxProps, 'gap' | 'width' | 'display' | 'flexDirection'> {
  /** How wide the column may grow; default `readable`. */
  width?: keyof typeof styles.width;
  /** The space between the page's sections; default `xl`. */
  gap?: NonNullable<Atoms['gap']>;
}

/**
 * The frame of a whole-page screen without the app shell (sign-in, a new applicant, /logout, the
 * account screens, an error): one centred column with the page's padding, which shrinks on a
 * phone, and its sections one under the other.
 */
export function PageColumn({
  width = 'readable',
  gap = 'xl',
  className,
  ...props
}: PageColumnProps) {
  return (
    <Box
      gap={gap}
      className={[styles.width[width], className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
