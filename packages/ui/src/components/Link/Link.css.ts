import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';
import { base as buttonBase, variant as buttonVariant } from '../Button/Button.css';

const inlineBase = style({
  color: vars.color.link,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.linkHover, textDecorationThickness: '2px' },
  },
  '@media': {
    // The native state too: a prerendered page without React has no data-hovered.
    '(hover: hover)': {
      selectors: { '&:hover': { color: vars.color.linkHover, textDecorationThickness: '2px' } },
    },
  },
});

/**
 * The keyboard focus ring by the browser's own :focus-visible as well as react-aria's attribute:
 * prerendered public pages run without React (apps/portal/src/app/prerenderedPages.tsx), and their
 * links must show where the keyboard is all the same.
 */
const focusRingWithoutScript = style({
  selectors: { '&[data-focus-visible], &:focus-visible': focusRing },
});

/* Button-like links share the Button styles so the two never drift apart. */
export const variant = styleVariants({
  inline: [inlineBase, focusRingWithoutScript],
  primaryButton: [buttonBase, buttonVariant.primary, focusRingWithoutScript],
  secondaryButton: [buttonBase, buttonVariant.secondary, focusRingWithoutScript],
});

export const externalIcon = style({
  display: 'inline-block',
  width: '0.875em',
  height: '0.875em',
  marginInlineStart: vars.space.xs,
  verticalAlign: '-0.05em',
  flexShrink: 0,
});
