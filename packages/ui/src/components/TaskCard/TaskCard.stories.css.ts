import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

/* Story layout only: the dashboard's two-column task grid. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.lg,
  '@media': {
    [media.belowMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});
