import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

/* The loading, failure and not-found screens: a readable column. */
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

/*
 * The chat fills the window's height beside the sidebar: the app shell's main area pads it by
 * xxl above and below (lg below 768 px, under the top bar: a 44 px target, its padding and
 * border), and the chat takes the rest, so the composer sits at the bottom of the screen. dvh
 * follows the on-screen keyboard where the browser resizes the viewport for it, which keeps the
 * composer above the keyboard. Its width is capped at 1.25 readable measures and centred, so on
 * a laptop no empty column beside it is wider than the page's padding and half the remainder.
 */
export const chat = style({
  width: '100%',
  maxWidth: `calc(${vars.size.readableMax} * 1.25)`,
  marginInline: 'auto',
  height: `calc(100dvh - ${vars.space.xxl} * 2)`,
  minHeight: `calc(${vars.size.readableMax} * 0.6)`,
  '@media': {
    [media.belowMobile]: {
      height: `calc(100dvh - ${vars.size.target} - ${vars.space.sm} * 2 - ${vars.size.borderWidth} - ${vars.space.lg} * 2)`,
    },
  },
});

export const chatTitle = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const studentLine = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

/* Overrides the list's own fixed height: in the column it takes whatever the rest leaves. */
export const log = style({
  flex: '1 1 0',
  minHeight: `calc(${vars.size.target} * 3)`,
});

export const composer = style({
  flex: 'none',
});
