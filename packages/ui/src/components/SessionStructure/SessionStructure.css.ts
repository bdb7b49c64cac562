import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const steps = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.belowMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  borderBlockStart: `${vars.space.xs} solid ${vars.color.brand}`,
});

export const name = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const duration = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

export const description = style({
  margin: 0,
});
