import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const control = style({
  position: 'relative',
  width: '100%',
});

/* Room at the end for the button that opens the whole list. */
export const input = style({
  width: '100%',
  paddingInlineEnd: vars.size.target,
});

/*
 * The list's button sits inside the input's end, a 44 px target, its chevron centred (a react-aria
 * Button: its layout is atoms composed into its style).
 */
export const button = style([
  atoms({ display: 'flex', alignItems: 'center', justifyContent: 'center' }),
  {
    position: 'absolute',
    insetBlock: 0,
    insetInlineEnd: 0,
    width: vars.size.target,
    border: 'none',
    borderRadius: vars.radius.md,
    backgroundColor: 'transparent',
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
    },
  },
]);

export const empty = style({
  margin: 0,
  padding: vars.space.md,
  color: vars.color.textMuted,
});
