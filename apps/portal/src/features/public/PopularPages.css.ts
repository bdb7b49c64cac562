import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const heading = style({
  fontSize: vars.font.size.lg,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

export const link = style({
  // WCAG 2.5.8: a 24 px target for each link of the list.
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.targetMin,
});
