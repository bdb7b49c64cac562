import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const groups = style({
  display: 'grid',
  // Three columns where they fit, one under the other on a phone.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.xl,
  alignItems: 'start',
});

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const description = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
