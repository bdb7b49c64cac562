import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The frame of the tutoring area's content pages, inside the layout's main landmark (which
// already pads and limits the width).

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const lead = style({
  margin: 0,
  maxWidth: vars.size.readableMax,
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
