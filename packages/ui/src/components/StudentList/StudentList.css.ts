import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const list = style({
  margin: 0,
  padding: 0,
});

export const empty = style({
  margin: 0,
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
  backgroundColor: vars.color.surfaceMuted,
  borderRadius: vars.radius.lg,
});
