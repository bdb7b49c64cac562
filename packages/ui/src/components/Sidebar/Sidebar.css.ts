import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing, quietPressableStates } from '../../theme/utilities.css';

export const sidebar = style({
  minHeight: '100%',
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
});

export const brand = style({
  paddingInline: vars.space.sm,
});

export const logo = style({
  maxWidth: '100%',
});

export const title = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const groups = style({
  flex: 1,
});

export const groupTitle = style({
  paddingInline: vars.space.sm,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** The row of an entry (a react-aria Link or Button): icon, label and badge side by side. */
const itemLayout = atoms({ display: 'flex', alignItems: 'center', gap: 'sm' });

const itemBase = {
  width: '100%',
  minHeight: vars.size.target,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: vars.color.text,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
} as const;

export const item = style([
  itemLayout,
  {
    ...itemBase,
    selectors: {
      ...quietPressableStates,
      // The current page: a brand bar and weight, not colour alone.
      '&[aria-current="page"]': {
        backgroundColor: vars.color.brandSubtle,
        color: vars.color.brand,
        fontWeight: vars.font.weight.bold,
        boxShadow: `inset ${vars.space.xs} 0 0 ${vars.color.brand}`,
      },
    },
  },
]);

export const icon = style({
  color: 'inherit',
});

export const label = style({
  flex: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const externalIcon = style({
  color: vars.color.textMuted,
});

export const badge = style({
  minWidth: vars.size.targetMin,
  height: vars.size.targetMin,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1,
});

export const childList = style({
  margin: 0,
  marginBlockStart: vars.space.xxs,
  paddingInlineStart: vars.space.xl,
  listStyle: 'none',
});

export const childLink = style([
  itemLayout,
  {
    ...itemBase,
    minHeight: vars.size.target,
    fontSize: vars.font.size.sm,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': focusRing,
      '&[aria-current="page"]': {
        backgroundColor: vars.color.brandSubtle,
        color: vars.color.brand,
        fontWeight: vars.font.weight.bold,
      },
    },
  },
]);

export const statusDone = style({
  color: vars.color.successText,
});

export const statusOpen = style({
  color: vars.color.borderStrong,
});

export const footer = style({
  paddingBlockStart: vars.space.lg,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});
