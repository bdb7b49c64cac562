import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

/**
 * The frame of the short whole-page screens: the sign-in redirector, /logout, /credits, 'Coming Soon!'
 * and the tutoring area's account screens.
 */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      paddingBlock: vars.space.xl,
      paddingInline: vars.space.lg,
    },
  },
});

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const message = style({
  fontSize: vars.font.size.lg,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
