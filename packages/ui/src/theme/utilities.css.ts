import { style } from '@vanilla-extract/css';
import { atoms } from './sprinkles.css.ts';
import { vars } from './theme.css.ts';

/** Hides content visually while keeping it in the accessibility tree (e.g. '(opens in a new tab)'). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * The shared keyboard-focus indicator, as a style fragment to put under a
 * `'&[data-focus-visible]'` selector (react-aria-components sets that attribute).
 */
export const focusRing = {
  outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
  outlineOffset: vars.size.focusRingOffset,
} as const;

/**
 * Hover, press and keyboard-focus states of a quiet react-aria button or link (menu triggers,
 * drawer and sidebar entries), as selectors to spread into a style's `selectors`.
 */
export const quietPressableStates = {
  '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
  '&[data-pressed]': { backgroundColor: vars.color.surfaceHover },
  '&[data-focus-visible]': focusRing,
} as const;

/** A list without bullets whose items stand apart by the medium gap (the modals' item lists). */
export const cardList = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'md' }),
  { margin: 0, padding: 0, listStyle: 'none' },
]);

/** One bordered item of a card list: an announcement, a task. */
export const card = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'sm' }),
  {
    padding: vars.space.lg,
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    backgroundColor: vars.color.surface,
  },
]);

/** A small bold state word beside its icon ('Read', 'Completed'). */
export const statusLabel = style([
  atoms({ display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  { fontSize: vars.font.size.sm, fontWeight: vars.font.weight.bold },
]);

/** Secondary text without the paragraph margin: empty-list texts, hints. */
export const mutedText = style({
  margin: 0,
  color: vars.color.textMuted,
});
