import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const timeline = style({
  position: 'relative',
  margin: 0,
  padding: 0,
  paddingInlineStart: vars.space.xl,
  listStyle: 'none',
  borderInlineStart: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  marginInlineStart: vars.space.sm,
});

export const entry = style({
  position: 'relative',
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': {
    [media.belowSmall]: { padding: vars.space.md },
  },
});

/* The dot on the line; decorative (the date is in text). */
export const dot = style({
  position: 'absolute',
  insetBlockStart: vars.space.lg,
  insetInlineStart: `calc(-1 * ${vars.space.xl} - ${vars.space.sm} / 2 - ${vars.size.borderWidth} / 2)`,
  width: vars.space.sm,
  height: vars.space.sm,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
});

export const date = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
});
