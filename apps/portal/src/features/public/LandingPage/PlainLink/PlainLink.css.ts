import * as buttonStyles from '@tutoring/ui/components/Button/Button.css';
import { vars } from '@tutoring/ui/theme/theme.css';
import { focusRing } from '@tutoring/ui/theme/utilities.css';
import { style, styleVariants } from '@vanilla-extract/css';

// The ui Link's look (Link.css.ts, and Button.css.ts for the button-like variant) on a plain
// anchor: the same tokens, with CSS pseudo-classes where react-aria sets data attributes. Hover
// only applies to a real pointer, as react-aria's useHover does (no sticky hover after a tap).
const pointerHover = '(hover: hover)';

const inline = style({
  color: vars.color.link,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:focus-visible': focusRing,
  },
  '@media': {
    [pointerHover]: {
      selectors: {
        '&:hover': { color: vars.color.linkHover, textDecorationThickness: '2px' },
      },
    },
  },
});

// The ui Button's own layout and look (Button.css.ts's `base`, whose react-aria states never match
// a plain anchor), in the primary colours, with the states as pseudo-classes.
const primaryButton = style([
  buttonStyles.base,
  {
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    selectors: {
      '&:focus-visible': focusRing,
      '&:active': { backgroundColor: vars.color.brandActive },
    },
    '@media': {
      [pointerHover]: {
        selectors: {
          '&:hover:not(:active)': { backgroundColor: vars.color.brandHover },
        },
      },
    },
  },
]);

export const variant = styleVariants({ inline: [inline], primaryButton: [primaryButton] });

export const externalIcon = style({
  display: 'inline-block',
  width: '0.875em',
  height: '0.875em',
  marginInlineStart: vars.space.xs,
  verticalAlign: '-0.05em',
  flexShrink: 0,
});
