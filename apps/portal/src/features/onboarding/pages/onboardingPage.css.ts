import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

/** The column every onboarding page is laid out in, inside the AppShell's main landmark. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

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
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: vars.size.readableMax,
});

/** A section that holds an embed, which may use the page's full width. */
export const wideSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
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
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

/** A list of links without bullets, one per line. */
export const linkList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const definitionList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
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
