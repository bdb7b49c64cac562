import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The ui LandingCard's look (Card.css.ts and LandingCard.css.ts), from the same tokens.

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  height: '100%',
  padding: vars.space.xl,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  '@media': {
    [media.belowSmall]: {
      padding: vars.space.lg,
    },
  },
});

export const title = style({
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});

export const description = style({
  color: vars.color.text,
  maxWidth: vars.size.readableMax,
});

export const action = style({
  '@media': {
    [media.belowSmall]: {
      width: '100%',
    },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const moreLinks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
});

export const moreLinksTitle = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text,
});

export const linkList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const moreLink = style({
  // WCAG 2.5.8: links on their own line get a 24 px target.
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.targetMin,
});
