import { style } from '@vanilla-extract/css';

export const content = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4em',
});
