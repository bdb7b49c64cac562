import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* One choice: its radio and, under the label, what it means. */
export const choice = style({
  paddingBlockEnd: vars.space.xs,
});

/* The radio is a react-aria Radio (a label): its layout is atoms composed into its style. */
export const radio = style([
  atoms({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
    minHeight: vars.size.target,
    color: vars.color.text,
    fontSize: vars.font.size.md,
    cursor: 'pointer',
    selectors: {
      '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
    },
  },
]);

/* The circle: a dot inside when chosen (its shape changes, not only its colour). */
export const indicator = style({
  flex: 'none',
  boxSizing: 'border-box',
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  borderRadius: vars.radius.pill,
  border: `calc(${vars.size.borderWidth} * 2) solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: {
      borderColor: vars.color.brand,
      // A thick ring leaves a dot of the surface in the middle: 'chosen' without colour too.
      borderWidth: `calc(${vars.size.iconMd} * 0.3)`,
    },
    [`${radio}[data-focus-visible] &`]: focusRing,
    [`${radio}[data-disabled] &`]: {
      borderColor: vars.color.border,
      backgroundColor: vars.color.surfaceMuted,
    },
  },
});

export const label = style({
  fontWeight: vars.font.weight.bold,
});

/* What the choice means: under its label, in line with it. */
export const description = style({
  margin: 0,
  paddingInlineStart: `calc(${vars.size.iconMd} + ${vars.space.sm})`,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
