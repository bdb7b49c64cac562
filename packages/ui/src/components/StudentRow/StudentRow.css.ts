import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.lg,
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  listStyle: 'none',
  '@media': {
    [media.belowMobile]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md },
  },
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const name = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
});

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const fact = style({
  display: 'flex',
  gap: vars.space.xs,
});

export const factTerm = style({
  fontWeight: vars.font.weight.bold,
});

export const factValue = style({
  margin: 0,
});

export const flag = style({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: vars.space.xs,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `${vars.size.borderWidth} solid ${vars.color.warnBorder}`,
  backgroundColor: vars.color.warnSurface,
  color: vars.color.warnText,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  '@media': {
    [media.belowMobile]: { justifyContent: 'flex-start' },
  },
});
