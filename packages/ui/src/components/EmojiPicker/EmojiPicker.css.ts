import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* The trigger and the emojis are react-aria Buttons: their layout (the glyph centred) is atoms
   composed into their style. */
const centred = atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' });

export const trigger = style([
  centred,
  {
    minWidth: vars.size.target,
    minHeight: vars.size.target,
    padding: vars.space.sm,
    border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.md,
    backgroundColor: vars.color.surface,
    color: vars.color.brand,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandSubtle },
      '&[data-focus-visible]': focusRing,
    },
  },
]);

export const popover = style({
  padding: vars.space.sm,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({
  outline: 'none',
});

// Layout by hand: five fixed 44 px cells a row, as wide as the buttons in them. Columns' tracks
// are shares of the width and Tiles' at least 15rem, so no primitive makes fixed-size tracks; the
// grid's display and gap are the Box's atoms, only the tracks are here.
export const grid = style({
  gridTemplateColumns: `repeat(5, ${vars.size.target})`,
});

export const emoji = style([
  centred,
  {
    width: vars.size.target,
    height: vars.size.target,
    padding: 0,
    border: 'none',
    borderRadius: vars.radius.md,
    backgroundColor: 'transparent',
    color: vars.color.text,
    fontSize: vars.font.size.xl,
    lineHeight: 1,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandSubtle },
      '&[data-focus-visible]': focusRing,
    },
  },
]);

export const icon = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
});
