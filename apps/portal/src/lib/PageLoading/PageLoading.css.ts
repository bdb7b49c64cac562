import { style } from '@vanilla-extract/css';

export const page = style({
  minHeight: '60vh',
});
