import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  padding: vars.space.xl,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const title = style({
  fontSize: vars.font.size.xl,
});

export const description = style({
  flex: 1,
  color: vars.color.textMuted,
});

export const link = style({
  alignSelf: 'flex-start',
});
