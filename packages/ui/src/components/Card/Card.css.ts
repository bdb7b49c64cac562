import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';

/* These classes also dress the portal's landing page (AudienceCard), which renders its own
   elements with them rather than this component: so each class carries its layout as composed
   atoms, instead of the component rendering Stack and Inline. */

export const card = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'lg' }),
  {
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
  },
]);

export const title = style({
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
});

export const body = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'md' }),
  { fontSize: vars.font.size.md, lineHeight: vars.font.lineHeight.normal },
]);

/** The actions row: buttons and links side by side, wrapping. */
export const footer = style([
  atoms({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'md' }),
  {
    paddingTop: vars.space.lg,
    borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  },
]);
