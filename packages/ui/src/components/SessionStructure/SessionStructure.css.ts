import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const steps = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const step = style({
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  borderBlockStart: `${vars.space.xs} solid ${vars.color.brand}`,
});

export const name = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const duration = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

export const description = style({
  margin: 0,
});
