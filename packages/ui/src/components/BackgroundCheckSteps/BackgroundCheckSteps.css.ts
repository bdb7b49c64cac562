import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* Tabs, TabList, Tab, TabPanel and DisclosureGroup are react-aria elements: their layout is atoms
   composed into their style. */
export const tabs = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  { color: vars.color.text },
]);

export const tabList = style([
  atoms({ display: 'flex' }),
  { borderBottom: `${vars.size.borderWidth} solid ${vars.color.borderStrong}` },
]);

export const tab = style([
  atoms({ display: 'flex', alignItems: 'center', justifyContent: 'center' }),
  {
    flex: 1,
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
  },
]);

export const panel = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'lg' }),
  {
    paddingBlock: vars.space.xl,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': focusRing,
    },
  },
]);

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

export const step = style({
  paddingInlineStart: vars.space.xs,
  selectors: {
    '&::marker': { fontWeight: vars.font.weight.bold, color: vars.color.brand },
  },
});

export const stepTitle = style({
  fontSize: vars.font.size.lg,
});

export const disclosures = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  {
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    overflow: 'hidden',
  },
]);

export const disclosure = style({
  selectors: {
    '& + &': { borderTop: `${vars.size.borderWidth} solid ${vars.color.border}` },
  },
});

export const disclosureHeading = style({
  fontSize: vars.font.size.md,
});

/* The disclosure's trigger is a react-aria Button. */
export const disclosureTrigger = style([
  atoms({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
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
  },
]);

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
  paddingInlineEnd: vars.space.lg,
  paddingBlockEnd: vars.space.lg,
  paddingInlineStart: `calc(${vars.space.lg} + ${vars.size.iconMd} + ${vars.space.sm})`,
});
