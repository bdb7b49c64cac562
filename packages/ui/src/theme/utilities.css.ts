import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Hides content visually while keeping it in the accessibility tree (e.g. '(opens in a new tab)'). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * The shared keyboard-focus indicator, as a style fragment to put under a
 * `'&[data-focus-visible]'` selector (react-aria-components sets that attribute).
 */
export const focusRing = {
  outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
  outlineOffset: vars.size.focusRingOffset,
} as const;

const stackBase = style({ display: 'flex', flexDirection: 'column' });

/** Vertical layout with a token gap, e.g. `className={stack.md}`. */
export const stack = styleVariants({
  xs: [stackBase, { gap: vars.space.xs }],
  sm: [stackBase, { gap: vars.space.sm }],
  md: [stackBase, { gap: vars.space.md }],
  lg: [stackBase, { gap: vars.space.lg }],
  xl: [stackBase, { gap: vars.space.xl }],
});

const clusterBase = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center' });

/** Horizontal, wrapping layout with a token gap (button rows, link lists). */
export const cluster = styleVariants({
  xs: [clusterBase, { gap: vars.space.xs }],
  sm: [clusterBase, { gap: vars.space.sm }],
  md: [clusterBase, { gap: vars.space.md }],
  lg: [clusterBase, { gap: vars.space.lg }],
  xl: [clusterBase, { gap: vars.space.xl }],
});
