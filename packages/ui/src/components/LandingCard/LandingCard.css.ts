import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';

/* These classes also dress the portal's landing page (AudienceCard), which renders its own
   elements with them rather than this component: so each class carries its layout as composed
   atoms, instead of the component rendering Stack and Inline. */

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

export const moreLinks = atoms({
  display: 'flex',
  flexDirection: 'column',
  gap: 'sm',
  width: 'full',
});

export const moreLinksTitle = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.color.text,
});

export const linkList = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xs' }),
  { margin: 0, padding: 0, listStyle: 'none' },
]);

export const moreLink = style([
  // WCAG 2.5.8: links on their own line get a 24 px target.
  atoms({ display: 'inline-flex', alignItems: 'center' }),
  { minHeight: vars.size.targetMin },
]);
