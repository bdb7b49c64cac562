import { style } from '@vanilla-extract/css';

/* The default embed height of spec §9; scheduling widgets scroll inside it. */
export const frame = style({
  height: '820px',
});
