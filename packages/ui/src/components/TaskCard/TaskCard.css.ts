import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const card = style({
  height: '100%',
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&[data-completed]': {
      borderColor: vars.color.successBorder,
    },
  },
});

export const name = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.snug,
});

const statusBase = {
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
} as const;

export const statusDone = style({
  ...statusBase,
  backgroundColor: vars.color.successSurface,
  borderColor: vars.color.successBorder,
  color: vars.color.successText,
});

export const statusOpen = style({
  ...statusBase,
  backgroundColor: vars.color.surfaceMuted,
  borderColor: vars.color.borderStrong,
  color: vars.color.textMuted,
});

export const description = style({
  flex: 1,
  color: vars.color.text,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const estimate = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
