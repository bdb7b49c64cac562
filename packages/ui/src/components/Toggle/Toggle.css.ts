import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* The switch is a react-aria Switch (a label): its layout is atoms composed into its style. */
export const toggle = style([
  atoms({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
    minHeight: vars.size.target,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: {
      '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
    },
  },
]);

/* A 40 x 24 track (the minimum target's height) and a 16 px thumb, from the size tokens. */
const trackWidth = `calc(${vars.size.iconMd} * 2)`;
const trackHeight = vars.size.targetMin;
const thumbSize = vars.size.iconSm;
const border = `calc(${vars.size.borderWidth} * 2)`;

/* Off: an outlined track with the thumb at the start; on: filled, the thumb at the end. */
export const track = style({
  flex: 'none',
  position: 'relative',
  boxSizing: 'border-box',
  width: trackWidth,
  height: trackHeight,
  borderRadius: vars.radius.pill,
  border: `${border} solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  selectors: {
    [`${toggle}[data-selected] &`]: {
      borderColor: vars.color.brand,
      backgroundColor: vars.color.brand,
    },
    [`${toggle}[data-focus-visible] &`]: focusRing,
  },
});

export const thumb = style({
  position: 'absolute',
  insetBlockStart: border,
  insetInlineStart: border,
  width: thumbSize,
  height: thumbSize,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.borderStrong,
  transition: 'transform 120ms ease',
  selectors: {
    [`${toggle}[data-selected] &`]: {
      // Across the track's inside: its width less both borders, both insets and the thumb.
      transform: `translateX(calc(${trackWidth} - ${thumbSize} - ${border} * 4))`,
      backgroundColor: vars.color.onBrand,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const label = style({
  fontWeight: vars.font.weight.bold,
});

/* What on means: under the label, in line with it. */
export const description = style({
  paddingInlineStart: `calc(${trackWidth} + ${vars.space.sm})`,
});
