import { keyframes, style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';
import { quietPressableStates } from '../../theme/utilities.css';

const slideIn = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(0)' },
});

export const trigger = style([
  atoms({ display: 'inline-flex', alignItems: 'center', gap: 'sm' }),
  {
    minHeight: vars.size.target,
    minWidth: vars.size.target,
    paddingInline: vars.space.md,
    border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.md,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.font.size.md,
    fontWeight: vars.font.weight.bold,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      ...quietPressableStates,
    },
  },
]);

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.layer.overlay,
  backgroundColor: `color-mix(in srgb, ${vars.color.text} 55%, transparent)`,
});

export const panel = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  {
    position: 'fixed',
    insetBlock: 0,
    insetInlineStart: 0,
    width: `min(calc(100vw - ${vars.size.target} - ${vars.space.lg}), calc(${vars.size.readableMax} / 2))`,
    height: '100%',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    backgroundColor: vars.color.surfaceMuted,
    boxShadow: vars.shadow.lg,
    outline: 'none',
    selectors: {
      '&[data-entering]': { animation: `${slideIn} ${vars.motion.normal} ease-out` },
      '&[data-exiting]': { animation: `${slideIn} ${vars.motion.fast} ease-in reverse` },
    },
    '@media': {
      [media.reducedMotion]: {
        selectors: {
          '&[data-entering], &[data-exiting]': { animation: 'none' },
        },
      },
    },
  },
]);

export const dialog = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  { flex: 1, outline: 'none' },
]);

export const header = style({
  padding: vars.space.sm,
  paddingBlockEnd: 0,
});

export const closeButton = style([
  atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }),
  {
    width: vars.size.target,
    height: vars.size.target,
    padding: 0,
    border: 'none',
    borderRadius: vars.radius.md,
    backgroundColor: 'transparent',
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      ...quietPressableStates,
    },
  },
]);

export const content = style({
  flex: 1,
});
