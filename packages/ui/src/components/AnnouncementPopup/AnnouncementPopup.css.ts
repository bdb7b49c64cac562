import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const subject = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.snug,
});

export const date = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
