import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* Motion without opacity: the dialog is never transparent, so it is readable (and testable)
   from its first frame. */
const riseIn = keyframes({
  from: { transform: `translateY(${vars.space.lg})` },
  to: { transform: 'translateY(0)' },
});

/* The dimmed backdrop: the text colour at reduced opacity keeps it inside the palette. On a
   small screen the dialog sits at the bottom. */
export const overlay = style([
  atoms({
    display: 'flex',
    alignItems: { all: 'center', belowSmall: 'end' },
    justifyContent: 'center',
  }),
  {
    position: 'fixed',
    inset: 0,
    zIndex: vars.layer.modal,
    padding: vars.space.lg,
    backgroundColor: `color-mix(in srgb, ${vars.color.text} 55%, transparent)`,
    '@media': {
      [media.belowSmall]: { padding: vars.space.sm },
    },
  },
]);

const modalBase = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  {
    /* The panel itself scrolls (header and footer stick): a scroller that contains the Close
       button is keyboard-reachable, so no extra tab stop is needed (axe
       scrollable-region-focusable). */
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    width: '100%',
    maxHeight: `calc(100dvh - 2 * ${vars.space.lg})`,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    outline: 'none',
    selectors: {
      '&[data-entering]': { animation: `${riseIn} ${vars.motion.normal} ease-out` },
    },
    '@media': {
      [media.belowSmall]: { maxHeight: `calc(100dvh - 2 * ${vars.space.sm})` },
      [media.reducedMotion]: { animation: 'none' },
    },
  },
]);

/* Widths derive from the readable-measure and content tokens; no raw sizes. */
export const modal = styleVariants({
  small: [modalBase, { maxWidth: `calc(${vars.size.readableMax} * 0.65)` }],
  medium: [modalBase, { maxWidth: vars.size.readableMax }],
  large: [modalBase, { maxWidth: `calc(${vars.size.contentMax} * 0.75)` }],
});

export const dialog = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  { width: '100%', outline: 'none' },
]);

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.layer.raised,
  backgroundColor: vars.color.surfaceRaised,
  padding: vars.space.xl,
  paddingBlockEnd: vars.space.md,
  '@media': {
    [media.belowSmall]: { padding: vars.space.lg, paddingBlockEnd: vars.space.sm },
  },
});

export const titleRow = style({
  flex: 1,
  minWidth: 0,
  // Centres a one-line title on the 44 px close button.
  minHeight: vars.size.target,
});

export const title = style({
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const badge = style({
  minHeight: vars.size.targetMin,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const closeButton = style([
  atoms({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }),
  {
    flexShrink: 0,
    width: vars.size.target,
    height: vars.size.target,
    padding: 0,
    border: `${vars.size.borderWidth} solid transparent`,
    borderRadius: vars.radius.md,
    backgroundColor: 'transparent',
    color: vars.color.textMuted,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
      '&[data-focus-visible]': focusRing,
    },
  },
]);

export const closeIcon = style({
  width: vars.size.iconMd,
  height: vars.size.iconMd,
});

export const body = style({
  paddingInline: vars.space.xl,
  paddingBlockEnd: vars.space.xl,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  '@media': {
    [media.belowSmall]: { paddingInline: vars.space.lg, paddingBlockEnd: vars.space.lg },
  },
});

export const footer = style({
  position: 'sticky',
  bottom: 0,
  zIndex: vars.layer.raised,
  backgroundColor: vars.color.surfaceRaised,
  padding: vars.space.lg,
  paddingInline: vars.space.xl,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  '@media': {
    [media.belowSmall]: { paddingInline: vars.space.lg },
  },
});
