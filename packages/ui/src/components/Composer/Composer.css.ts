import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
});

/* The field is a react-aria TextField: its layout is atoms composed into its style. */
export const field = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xs' }),
  { minWidth: 0 },
]);

/* Two lines tall, growing with the text up to four targets; the buttons stay beside it. */
export const textArea = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.target,
  maxHeight: `calc(${vars.size.target} * 4)`,
  resize: 'vertical',
  padding: vars.space.sm,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &[data-focused]': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      outlineOffset: vars.size.focusRingOffset,
    },
  },
});

export const hint = style({
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

/* On its own line under the hint, still part of the field's description. */
export const note = style({
  display: 'block',
});

/*
 * Why nothing can be sent: the warning notice's colours, the words first (WCAG 1.4.1). The
 * description is a react-aria Text: its layout is atoms composed into its style.
 */
export const disabledReason = style([
  atoms({ display: 'flex', alignItems: 'start', gap: 'xs' }),
  {
    padding: vars.space.sm,
    border: `${vars.size.borderWidth} solid ${vars.color.warnBorder}`,
    borderRadius: vars.radius.md,
    backgroundColor: vars.color.warnSurface,
    color: vars.color.warnText,
    fontSize: vars.font.size.sm,
    lineHeight: vars.font.lineHeight.snug,
  },
]);

/* The icon sits on the first line of the reason. */
export const reasonIcon = style({
  flex: 'none',
  marginBlockStart: '0.15em',
});

/*
 * Why Send waits (offline), next to it: plain text with the warning icon, the words first. A
 * paragraph; its layout is atoms composed into its style.
 */
export const waitingReason = style([
  atoms({ display: 'flex', alignItems: 'start', gap: 'xs' }),
  {
    margin: 0,
    color: vars.color.text,
    fontSize: vars.font.size.sm,
    lineHeight: vars.font.lineHeight.snug,
  },
]);
