import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  color: vars.color.text,
});

export const tabList = style({
  display: 'flex',
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
});

export const tab = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.target,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  marginBlockEnd: `calc(-1 * ${vars.size.borderWidth})`,
  borderBottom: `${vars.space.xs} solid transparent`,
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.bold,
  textAlign: 'center',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&[data-selected]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&[data-focus-visible]': focusRing,
  },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.xl,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
  },
});

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingInlineStart: vars.space.xs,
  selectors: {
    '&::marker': { fontWeight: vars.font.weight.bold, color: vars.color.brand },
  },
});

export const stepTitle = style({
  fontSize: vars.font.size.lg,
});

export const disclosures = style({
  display: 'flex',
  flexDirection: 'column',
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const disclosure = style({
  selectors: {
    '& + &': { borderTop: `${vars.size.borderWidth} solid ${vars.color.border}` },
  },
});

export const disclosureHeading = style({
  fontSize: vars.font.size.md,
});

export const disclosureTrigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.target,
  paddingBlock: vars.space.md,
  paddingInline: vars.space.lg,
  border: 'none',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': {
      ...focusRing,
      outlineOffset: `calc(-1 * ${vars.size.focusRingWidth})`,
    },
  },
});

export const chevron = style({
  color: vars.color.textMuted,
  transitionProperty: 'transform',
  transitionDuration: vars.motion.fast,
  selectors: {
    '[data-expanded] &': { transform: 'rotate(90deg)' },
  },
});

/* RAC hides a collapsed panel with hidden="until-found" (content-visibility, not display:none),
   so the panel itself has no box styles; its inner wrapper has them. */
export const disclosureBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingInlineEnd: vars.space.lg,
  paddingBlockEnd: vars.space.lg,
  paddingInlineStart: `calc(${vars.space.lg} + ${vars.size.iconMd} + ${vars.space.sm})`,
});
