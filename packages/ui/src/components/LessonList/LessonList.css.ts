import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const topicTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const lessons = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const lesson = style({
  padding: vars.space.xs,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

// A react-aria Checkbox (a label), not a Box: its layout comes from the atoms.
export const checkbox = style([
  atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }),
  {
    flexShrink: 0,
    minWidth: vars.size.target,
    minHeight: vars.size.target,
    cursor: 'pointer',
    selectors: {
      '&[data-readonly]': { cursor: 'default' },
    },
  },
]);

export const box = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  border: `calc(${vars.size.borderWidth} * 2) solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.onBrand,
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      backgroundColor: vars.color.brand,
      borderColor: vars.color.brand,
    },
    [`${checkbox}[data-focus-visible] &`]: focusRing,
  },
});

// A react-aria Link: it keeps its text's width (no flex-grow), so "Completed" follows the name
// on its line at every width instead of sitting at the far end of a wide row; a long name
// shrinks and wraps.
export const lessonLink = style([
  atoms({ minWidth: 0 }),
  {
    paddingBlock: vars.space.sm,
  },
]);

export const lessonNumber = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const done = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.successText,
});

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
});
