import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const stepBase = style({
  color: vars.color.text,
});

export const step = styleVariants({
  complete: [stepBase],
  current: [stepBase],
  pending: [stepBase, { color: vars.color.textMuted }],
});

const markerBase = style({
  flexShrink: 0,
  width: vars.size.iconLg,
  height: vars.size.iconLg,
  borderRadius: vars.radius.pill,
  borderWidth: '2px',
  borderStyle: 'solid',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const marker = styleVariants({
  complete: [
    markerBase,
    {
      backgroundColor: vars.color.successText,
      borderColor: vars.color.successText,
      color: vars.color.onBrand,
    },
  ],
  current: [
    markerBase,
    {
      backgroundColor: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
      boxShadow: `0 0 0 ${vars.space.xs} ${vars.color.brandSubtle}`,
    },
  ],
  pending: [
    markerBase,
    {
      backgroundColor: vars.color.surface,
      borderColor: vars.color.borderStrong,
      color: vars.color.textMuted,
    },
  ],
});

const connectorBase = style({
  flex: 1,
  width: '2px',
  minHeight: vars.space.xl,
  marginBlock: vars.space.xs,
});

export const connector = styleVariants({
  complete: [connectorBase, { backgroundColor: vars.color.successText }],
  current: [connectorBase, { backgroundColor: vars.color.borderStrong }],
  pending: [connectorBase, { backgroundColor: vars.color.border }],
});

export const body = style({
  paddingBlockEnd: vars.space.xl,
});

export const title = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.size.iconLg,
  selectors: {
    '[data-status="current"] &': { color: vars.color.brand },
  },
});

export const description = style({
  fontSize: vars.font.size.md,
});

export const content = style({
  marginBlockStart: vars.space.md,
});
