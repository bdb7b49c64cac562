import { atoms } from '@tutoring/ui/theme/sprinkles.css';
import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  maxWidth: vars.size.readableMax,
  width: '100%',
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const studentLine = style({
  margin: 0,
  color: vars.color.textMuted,
});

/*
 * The transcript and the composer share one box as tall as the viewport allows, so the chat
 * fills the screen and the composer sits at its bottom edge. dvh follows the on-screen keyboard
 * where the browser resizes the viewport for it, which keeps the composer above the keyboard.
 * Below 768 px the allowance is the app shell's sticky top bar (a 44 px target, its padding
 * and border); above, room for the page heading.
 */
// A div with a ref the page scrolls into view, not a Box: its layout comes from the atoms.
export const chat = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'sm' }),
  {
    height: `clamp(calc(${vars.size.readableMax} * 0.5), calc(100dvh - ${vars.space.huge} * 3), calc(${vars.size.readableMax} * 1.2))`,
    scrollMarginBlockEnd: vars.space.lg,
    '@media': {
      [media.belowMobile]: {
        height: `calc(100dvh - ${vars.size.target} - ${vars.space.sm} * 2 - ${vars.size.borderWidth} - ${vars.space.lg})`,
        minHeight: `calc(${vars.size.readableMax} * 0.5)`,
      },
    },
  },
]);

/* Overrides the list's own fixed height: in the column it takes whatever the composer leaves. */
export const log = style({
  flex: '1 1 0',
  minHeight: `calc(${vars.size.target} * 3)`,
});

export const composer = style({
  flex: 'none',
});
