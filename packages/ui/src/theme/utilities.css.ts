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

// ------------------------------------------------------------------------------- form fields
// The look every form field shares (TextInput, ChoiceGroup, Toggle, SelectField, SearchSelect):
// a bold label, a muted description and a failure message under it, a 44 px control.

/** A field: label, control, description and error one under the other (a react-aria element). */
export const field = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xs' }),
  { minWidth: 0 },
]);

export const fieldLabel = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
});

export const fieldDescription = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const fieldError = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.failureText,
});

/** The box of a text input, a select's button and a combo box's input. */
export const fieldControl = style({
  minHeight: vars.size.target,
  paddingInline: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &[data-focused]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.failureBorder },
    '&[data-disabled]': {
      backgroundColor: vars.color.surfaceMuted,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});

/** The popover list of a select or a combo box (react-aria ListBox in a Popover). */
export const listPopover = style({
  minWidth: 'var(--trigger-width)',
  maxHeight: `calc(${vars.size.target} * 7)`,
  overflowY: 'auto',
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
});

export const listBox = style({
  padding: vars.space.xs,
  outline: 'none',
});

/** One option of a list: a 44 px row, marked when focused and when chosen. */
export const listOption = style({
  display: 'block',
  minHeight: vars.size.target,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'default',
  outline: 'none',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      outlineOffset: `calc(${vars.size.focusRingWidth} * -1)`,
    },
    '&[data-selected]': { fontWeight: vars.font.weight.bold, color: vars.color.brand },
  },
});
