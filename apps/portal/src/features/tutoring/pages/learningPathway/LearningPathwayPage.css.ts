import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const text = style({
  margin: 0,
  maxWidth: vars.size.readableMax,
});

export const url = style({
  margin: 0,
  // A long address must wrap rather than widen the page at 390 px.
  overflowWrap: 'anywhere',
});

export const code = style({
  fontFamily: vars.font.family.mono,
});

export const pathwayName = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const failedLessonList = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
