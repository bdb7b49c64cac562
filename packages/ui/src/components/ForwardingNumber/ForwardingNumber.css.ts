import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const box = style({
  padding: vars.space.md,
  backgroundColor: vars.color.infoSurface,
  border: `${vars.size.borderWidth} solid ${vars.color.infoBorder}`,
  borderRadius: vars.radius.md,
  color: vars.color.infoText,
});

export const line = style({
  margin: 0,
});

export const number = style({
  fontFamily: vars.font.family.mono,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.lg,
  whiteSpace: 'nowrap',
});

export const note = style({
  margin: 0,
  fontSize: vars.font.size.sm,
});
