import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const page = style({
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  paddingBlock: vars.space.huge,
  paddingInline: vars.space.xl,
  color: vars.color.text,
  '@media': {
    [media.belowSmall]: { paddingBlock: vars.space.xxl, paddingInline: vars.space.lg },
  },
});

export const code = style({
  alignSelf: 'flex-start',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brandSubtle,
  color: vars.color.brand,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '0.04em',
});

export const title = style({
  fontSize: vars.font.size.xxxl,
});

export const message = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const popular = style({
  marginBlockStart: vars.space.lg,
  paddingBlockStart: vars.space.xl,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const popularTitle = style({
  fontSize: vars.font.size.xl,
});

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const itemIcon = style({
  color: vars.color.textMuted,
  marginBlockStart: vars.space.xxs,
});

export const description = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
