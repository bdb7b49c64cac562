import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

/** The whole-page screens shown instead of the dashboard when the tutor cannot be loaded. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: vars.size.contentMax,
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

export const subtitle = style({
  fontSize: vars.font.size.lg,
});

export const remedies = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: vars.size.readableMax,
});

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
