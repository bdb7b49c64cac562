import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
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
  width: '100%',
  // The content box lines up with the banner's and the footer's: contentMax wide, centred.
  maxWidth: `calc(${vars.size.contentMax} + 2 * ${vars.space.xl})`,
  marginInline: 'auto',
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

export const reportIssue = style({
  color: vars.color.text,
});
