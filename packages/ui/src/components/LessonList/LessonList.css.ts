import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const topics = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const topic = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const topicTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const lessons = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const lesson = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: vars.size.target,
  minHeight: vars.size.target,
  cursor: 'pointer',
  selectors: {
    '&[data-readonly]': { cursor: 'default' },
  },
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
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

export const lessonLink = style({
  flex: 1,
  minWidth: 0,
  paddingBlock: vars.space.sm,
});

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
