import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const root = style({
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.text,
  border: `${vars.size.borderWidth} dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceMuted,
});

export const iconWrap = style({
  padding: vars.space.md,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brandSubtle,
  color: vars.color.brand,
});

export const title = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.snug,
});

export const text = style({
  maxWidth: vars.size.readableMax,
  color: vars.color.textMuted,
  fontSize: vars.font.size.md,
});

export const action = style({
  marginBlockStart: vars.space.sm,
});
