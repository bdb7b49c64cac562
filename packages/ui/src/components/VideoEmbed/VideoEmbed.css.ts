import { style } from '@vanilla-extract/css';

export const frame = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
});
