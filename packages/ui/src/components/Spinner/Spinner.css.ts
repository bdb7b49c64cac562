import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';

const rotate = keyframes({
  from: { transform: 'rotate(0deg)' },
  to: { transform: 'rotate(360deg)' },
});

/* The root is a react-aria ProgressBar: its layout is atoms composed into its style. */
export const root = style([
  atoms({ display: 'inline-flex', alignItems: 'center', gap: 'sm' }),
  { color: 'inherit', verticalAlign: 'middle' },
]);

const ringBase = style({
  display: 'block',
  flexShrink: 0,
  animationName: rotate,
  animationDuration: vars.motion.spin,
  animationTimingFunction: 'linear',
  animationIterationCount: 'infinite',
  '@media': {
    // The arc stays visible as a static progress mark; only the rotation goes.
    [media.reducedMotion]: {
      animationName: 'none',
    },
  },
});

export const ring = styleVariants({
  small: [ringBase, { width: vars.size.iconSm, height: vars.size.iconSm }],
  medium: [ringBase, { width: vars.size.iconMd, height: vars.size.iconMd }],
  large: [ringBase, { width: vars.size.iconLg, height: vars.size.iconLg }],
});

export const track = style({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  opacity: 0.25,
});

export const arc = style({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  // A quarter of the circle (r = 9, circumference ~56.5).
  strokeDasharray: '14 43',
});

export const label = style({
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
});
