import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

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
      gap: vars.space.lg,
      paddingBlock: vars.space.xl,
      paddingInline: vars.space.lg,
    },
  },
});

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const advice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const adviceTitle = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const adviceList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingInlineStart: vars.space.xl,
  listStyle: 'disc',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
