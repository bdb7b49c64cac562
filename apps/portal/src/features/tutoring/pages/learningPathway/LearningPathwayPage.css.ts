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

export const buttonContent = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const pathwayName = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
});

export const loading = style({
  display: 'flex',
  justifyContent: 'center',
  paddingBlock: vars.space.xxl,
});

export const failedLessons = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const failedLessonList = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
