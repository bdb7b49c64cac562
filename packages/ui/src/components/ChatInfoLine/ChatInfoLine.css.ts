import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* One quiet line under the chat's title: small muted type, the number itself in bold. */
export const line = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const number = style({
  fontFamily: vars.font.family.mono,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

/* The family's HELP: in the text's own colour, so it stands out of the quiet line. */
export const help = style({
  color: vars.color.text,
});

/* The trigger is a react-aria Button: a link-like control that keeps a 24 px target. */
export const trigger = style([
  atoms({ display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  {
    minHeight: vars.size.targetMin,
    paddingInline: vars.space.xs,
    border: 'none',
    borderRadius: vars.radius.sm,
    backgroundColor: 'transparent',
    color: vars.color.link,
    fontFamily: vars.font.family.body,
    fontSize: vars.font.size.sm,
    textDecoration: 'underline',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { color: vars.color.linkHover },
      '&[data-focus-visible]': focusRing,
    },
  },
]);

export const popover = style({
  maxWidth: `min(calc(100vw - 2 * ${vars.space.lg}), calc(${vars.size.readableMax} * 0.8))`,
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({
  outline: 'none',
});

export const heading = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});

export const paragraph = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.normal,
});
