import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const lead = style({
  margin: 0,
  maxWidth: vars.size.readableMax,
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const section = style({
  maxWidth: vars.size.readableMax,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.snug,
});

export const subsectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.snug,
});

export const text = style({
  margin: 0,
});

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

/** A list of links without bullets, one per line. */
export const linkList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const cards = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const definitionList = style({
  margin: 0,
});

export const question = style({
  fontWeight: vars.font.weight.bold,
});

export const answer = style({
  margin: 0,
  marginBlockStart: vars.space.xxs,
});

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});
