import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlockEnd: vars.space.lg,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  color: vars.color.text,
});

export const welcomeRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const welcome = style({
  fontSize: vars.font.size.xxxl,
  lineHeight: vars.font.lineHeight.tight,
  '@media': {
    [media.belowSmall]: { fontSize: vars.font.size.xxl },
  },
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': {
    [media.belowSmall]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const fact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
});

export const term = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

export const value = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  fontSize: vars.font.size.md,
  overflowWrap: 'anywhere',
});

export const hint = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
