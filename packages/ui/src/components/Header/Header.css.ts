import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { media, vars } from '../../theme/theme.css';

export const header = style({
  paddingBlockEnd: vars.space.lg,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  color: vars.color.text,
});

export const welcome = style({
  fontSize: vars.font.size.xxxl,
  lineHeight: vars.font.lineHeight.tight,
  '@media': {
    [media.belowSmall]: { fontSize: vars.font.size.xxl },
  },
});

export const facts = style({
  margin: 0,
});

export const fact = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
});

export const term = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

/* A dd, which no layout primitive renders: the value and its hint one under the other. */
export const value = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xxs' }),
  { margin: 0, fontSize: vars.font.size.md, overflowWrap: 'anywhere' },
]);

export const hint = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
