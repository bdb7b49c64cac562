import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';

/* These classes also dress the portal's landing page (SiteFooter), which renders its own
   elements with them rather than this component: so each class carries its layout as composed
   atoms, instead of the component rendering Stack and Inline. */

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

/* One row, copyright and links at either end; one under the other on a small screen. */
export const inner = style([
  atoms({
    display: 'flex',
    flexWrap: 'wrap',
    flexDirection: { belowSmall: 'column' },
    alignItems: { all: 'center', belowSmall: 'start' },
    justifyContent: 'spaceBetween',
    gap: 'lg',
  }),
  { maxWidth: vars.size.contentMax, marginInline: 'auto' },
]);

export const copyright = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.text,
});

export const socialList = style([
  atoms({ display: 'flex', flexWrap: 'wrap', gap: 'lg' }),
  { margin: 0, padding: 0, listStyle: 'none' },
]);

export const socialLink = style([
  // WCAG 2.5.8: 24 px targets even for short link texts.
  atoms({ display: 'inline-flex', alignItems: 'center' }),
  { minHeight: vars.size.targetMin, fontSize: vars.font.size.sm },
]);
