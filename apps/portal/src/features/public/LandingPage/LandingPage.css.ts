import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  backgroundColor: vars.color.surfaceMuted,
});

export const banner = style({
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      paddingInline: vars.space.lg,
    },
  },
});

export const brand = style({
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  fontFamily: vars.font.family.heading,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const main = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
  width: '100%',
  // The content box lines up with the banner's and the footer's: contentMax wide, centred.
  maxWidth: `calc(${vars.size.contentMax} + 2 * ${vars.space.xl})`,
  marginInline: 'auto',
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      gap: vars.space.xl,
      paddingBlock: vars.space.xl,
      paddingInline: vars.space.lg,
    },
  },
});

export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const title = style({
  fontSize: vars.font.size.xxxl,
  lineHeight: vars.font.lineHeight.tight,
  '@media': {
    [media.belowSmall]: {
      fontSize: vars.font.size.xxl,
    },
  },
});

export const lead = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xl,
  alignItems: 'stretch',
  '@media': {
    [media.belowMobile]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
    },
  },
});

export const reportIssue = style({
  color: vars.color.text,
});
