import { style, styleVariants } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';

// A Notice shows on the standalone sign-in screen, whose script has a budget (.size-limit.js):
// its layout is atoms applied at build time rather than Inline and Stack, which look their atoms
// up in the page.
const base = style([
  atoms({ display: 'flex', flexWrap: 'nowrap', alignItems: 'start', gap: 'md' }),
  {
    padding: vars.space.lg,
    borderWidth: vars.size.borderWidth,
    borderStyle: 'solid',
    borderInlineStartWidth: vars.space.xs,
    borderRadius: vars.radius.md,
    fontSize: vars.font.size.md,
    lineHeight: vars.font.lineHeight.normal,
  },
]);

export const variant = styleVariants({
  failure: [
    base,
    {
      backgroundColor: vars.color.failureSurface,
      borderColor: vars.color.failureBorder,
      color: vars.color.failureText,
    },
  ],
  info: [
    base,
    {
      backgroundColor: vars.color.infoSurface,
      borderColor: vars.color.infoBorder,
      color: vars.color.infoText,
    },
  ],
  success: [
    base,
    {
      backgroundColor: vars.color.successSurface,
      borderColor: vars.color.successBorder,
      color: vars.color.successText,
    },
  ],
  warn: [
    base,
    {
      backgroundColor: vars.color.warnSurface,
      borderColor: vars.color.warnBorder,
      color: vars.color.warnText,
    },
  ],
});

export const icon = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  flexShrink: 0,
  // Aligns the icon with the first line of text (line height 1.5 of a 16 px font).
  marginBlockStart: vars.space.xxs,
});

export const content = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xs' }),
  {
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
]);

export const title = style({
  fontWeight: vars.font.weight.bold,
});

/** The failed request's id: small, in the code face, so it reads as something to quote. */
export const reference = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.sm,
});
