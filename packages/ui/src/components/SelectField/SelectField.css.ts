import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';

/* The button is a react-aria Button: the value and the chevron apart, by atoms. */
export const button = style([
  atoms({ display: 'flex', alignItems: 'center', justifyContent: 'spaceBetween', gap: 'sm' }),
  { width: '100%', textAlign: 'start', cursor: 'pointer' },
]);

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
