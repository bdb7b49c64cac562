import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The ui Footer's look (Footer.css.ts), from the same tokens.

export const footer = style({
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      paddingInline: vars.space.lg,
    },
  },
});

export const inner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  '@media': {
    [media.belowSmall]: {
      flexDirection: 'column',
      alignItems: 'flex-start',
    },
  },
});

export const copyright = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text,
});

export const socialList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const socialLink = style({
  // WCAG 2.5.8: 24 px targets even for short link texts.
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.targetMin,
  fontSize: vars.font.size.sm,
});
