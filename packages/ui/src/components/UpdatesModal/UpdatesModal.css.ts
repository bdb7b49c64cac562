import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const unread = style({
  borderInlineStart: `${vars.space.xs} solid ${vars.color.brand}`,
  backgroundColor: vars.color.surface,
});

export const itemHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const subject = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const date = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const statusUnread = style([status, { color: vars.color.brand }]);
export const statusRead = style([status, { color: vars.color.successText }]);

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
});

export const focusableItem = style({
  outline: 'none',
  selectors: {
    '&:focus-visible, &:focus': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      outlineOffset: vars.size.focusRingOffset,
    },
  },
});
