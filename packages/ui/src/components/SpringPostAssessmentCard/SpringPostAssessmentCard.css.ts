import { style } from '@vanilla-extract/css';

export const text = style({
  margin: 0,
});
