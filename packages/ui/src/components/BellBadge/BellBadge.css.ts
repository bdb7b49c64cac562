import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* Only under 640 px (spec §9); wider screens get the new-announcement popup instead. */
export const button = style([
  atoms({
    display: { all: 'none', belowSmall: 'inline-flex' },
    alignItems: 'center',
    justifyContent: 'center',
  }),
  {
    position: 'relative',
    minWidth: vars.size.target,
    minHeight: vars.size.target,
    padding: vars.space.sm,
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
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

export const count = style({
  position: 'absolute',
  insetBlockStart: `calc(-1 * ${vars.space.xs})`,
  insetInlineEnd: `calc(-1 * ${vars.space.xs})`,
  minWidth: vars.size.iconMd,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.size.iconMd,
  textAlign: 'center',
});
