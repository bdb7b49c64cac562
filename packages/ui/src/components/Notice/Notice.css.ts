import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  padding: vars.space.lg,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderInlineStartWidth: vars.space.xs,
  borderRadius: vars.radius.md,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const variant = styleVariants({
  failure: [
    base,
    {
      backgroundColor: vars.color.failureSurface,
      borderColor: vars.color.failureBorder,
      color: vars.color.failureText,
    },
  ],
  info: [
    base,
    {
      backgroundColor: vars.color.infoSurface,
      borderColor: vars.color.infoBorder,
      color: vars.color.infoText,
    },
  ],
  success: [
    base,
    {
      backgroundColor: vars.color.successSurface,
      borderColor: vars.color.successBorder,
      color: vars.color.successText,
    },
  ],
  warn: [
    base,
    {
      backgroundColor: vars.color.warnSurface,
      borderColor: vars.color.warnBorder,
      color: vars.color.warnText,
    },
  ],
});

export const icon = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  flexShrink: 0,
  // Aligns the icon with the first line of text (line height 1.5 of a 16 px font).
  marginBlockStart: vars.space.xxs,
});

export const content = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const title = style({
  fontWeight: vars.font.weight.bold,
});
