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
    '&[data-focus-visible]': focusRing,
  },
});

/* Button-like links share the Button styles so the two never drift apart. */
export const variant = styleVariants({
  inline: [inlineBase],
  primaryButton: [buttonBase, buttonVariant.primary],
  secondaryButton: [buttonBase, buttonVariant.secondary],
});

export const externalIcon = style({
  display: 'inline-block',
  width: '0.875em',
  height: '0.875em',
  marginInlineStart: vars.space.xs,
  verticalAlign: '-0.05em',
  flexShrink: 0,
});
