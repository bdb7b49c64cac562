import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const agreement = style({
  maxWidth: vars.size.readableMax,
  color: vars.color.text,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const title = style({
  fontSize: vars.font.size.xxl,
});

export const sectionTitle = style({
  fontSize: vars.font.size.lg,
});

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
