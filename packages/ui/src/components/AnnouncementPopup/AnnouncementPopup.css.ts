import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const article = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const meta = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const subject = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.snug,
});

export const date = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
