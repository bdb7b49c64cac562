import { style } from '@vanilla-extract/css';

/*
 * The icon and the label inside the button (a Box with inline-flex and centred items). Their gap
 * follows the button's font size, 0.4em, which no space token does, so it stays here.
 */
export const content = style({
  gap: '0.4em',
});
