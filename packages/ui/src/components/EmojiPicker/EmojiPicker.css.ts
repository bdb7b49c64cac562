import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.target,
  minHeight: vars.size.target,
  padding: vars.space.sm,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.brand,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-pressed]': { backgroundColor: vars.color.brandSubtle },
    '&[data-focus-visible]': focusRing,
  },
});

export const popover = style({
  padding: vars.space.sm,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({
  outline: 'none',
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(5, ${vars.size.target})`,
  gap: vars.space.xs,
});

export const emoji = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.target,
  height: vars.size.target,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: vars.color.text,
  fontSize: vars.font.size.xl,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-pressed]': { backgroundColor: vars.color.brandSubtle },
    '&[data-focus-visible]': focusRing,
  },
});

export const icon = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
});
