import { style, styleVariants } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/*
 * The root is a react-aria Button, so its layout (spinner, icon and label side by side, centred)
 * is atoms composed into its style. The gap differs by size, so each size composes its own atoms
 * and no two classes set the gap.
 */
const look = style({
  minHeight: vars.size.target,
  minWidth: vars.size.target,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: 'transparent',
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.motion.fast,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': {
      cursor: 'not-allowed',
      backgroundColor: vars.color.surfaceHover,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
    },
    '&[data-pending]': {
      cursor: 'progress',
    },
  },
});

/** A medium button's layout and look; Link's button-like variants share it. */
export const base = style([
  atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 'sm' }),
  look,
]);

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.brandHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandActive },
    },
  },
  secondary: {
    backgroundColor: vars.color.surface,
    borderColor: vars.color.brand,
    color: vars.color.brand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.brandSubtle, color: vars.color.brandHover },
      '&[data-pressed]': { backgroundColor: vars.color.brandSubtle, color: vars.color.brandActive },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.brand,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': {
        backgroundColor: vars.color.surfaceHover,
        color: vars.color.brandActive,
      },
    },
  },
});

/** Each size's whole style: `base`, or the small size's own layout and smaller look. */
export const size = styleVariants({
  medium: [base],
  small: [
    atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: 'xs' }),
    look,
    {
      minHeight: vars.size.targetMin,
      minWidth: vars.size.targetMin,
      paddingBlock: vars.space.xxs,
      paddingInline: vars.space.sm,
      borderRadius: vars.radius.sm,
      fontSize: vars.font.size.sm,
    },
  ],
});

export const fullWidth = style({
  width: '100%',
});
