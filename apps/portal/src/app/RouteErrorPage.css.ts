import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  padding: vars.space.xl,
});

export const title = style({
  fontSize: vars.font.size.xxl,
});
