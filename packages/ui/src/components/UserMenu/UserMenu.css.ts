import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { quietPressableStates } from '../../theme/utilities.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.target,
  padding: vars.space.sm,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    ...quietPressableStates,
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
});

const truncate = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export const name = style({
  ...truncate,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.snug,
});

export const email = style({
  ...truncate,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
  lineHeight: vars.font.lineHeight.snug,
});

export const chevron = style({
  color: vars.color.textMuted,
});

export const popover = style({
  minWidth: `calc(${vars.size.readableMax} * 0.4)`,
  maxWidth: `calc(100vw - 2 * ${vars.space.lg})`,
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  outline: 'none',
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  overflowWrap: 'anywhere',
});

export const detailName = style({
  fontWeight: vars.font.weight.bold,
});

export const detailEmail = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
