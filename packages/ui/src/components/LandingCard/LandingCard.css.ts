import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const card = style({
  height: '100%',
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
