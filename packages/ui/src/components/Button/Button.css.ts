import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  minWidth: vars.size.target,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: 'transparent',
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.motion.fast,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.surfaceHover,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
    },
    '&[data-pending]': {
      cursor: 'progress',
    },
  },
});

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.brandHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandActive },
    },
  },
  secondary: {
    backgroundColor: vars.color.surface,
    borderColor: vars.color.brand,
    color: vars.color.brand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.brandSubtle, color: vars.color.brandHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandSubtle, color: vars.color.brandActive },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.brand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': {
        backgroundColor: vars.color.surfaceHover,
        color: vars.color.brandActive,
      },
    },
  },
});

export const size = styleVariants({
  medium: {},
  small: {
    minHeight: vars.size.targetMin,
    minWidth: vars.size.targetMin,
    gap: vars.space.xs,
    paddingBlock: vars.space.xxs,
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.sm,
    fontSize: vars.font.size.sm,
  },
});

export const fullWidth = style({
  width: '100%',
});
