import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { quietPressableStates } from '../../theme/utilities.css';

export const trigger = style([
  atoms({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
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
  },
]);

export const avatar = style({
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

export const dialog = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'md' }),
  { outline: 'none' },
]);

export const details = style({
  overflowWrap: 'anywhere',
});

export const detailName = style({
  fontWeight: vars.font.weight.bold,
});

export const detailEmail = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});
