import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
});

export const logoImage = style({
  flexShrink: 0,
  width: vars.size.iconLg,
  height: vars.size.iconLg,
});

export const sidebarFooter = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const currentStep = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const currentStepTerm = style({
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const currentStepValue = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
});

export const currentStepStage = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const failurePage = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      paddingBlock: vars.space.xl,
      paddingInline: vars.space.lg,
    },
  },
});

export const failureTitle = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});
