import { styleVariants } from '@vanilla-extract/css';

/* The input's width: the field's, or enough for a short value such as a six-digit code. */
export const input = styleVariants({
  full: { width: '100%' },
  short: { width: '100%', maxWidth: '12rem' },
});
