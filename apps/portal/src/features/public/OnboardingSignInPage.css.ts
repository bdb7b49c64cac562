import { media, vars } from '@tutoring/ui/theme/theme.css';
import { focusRing } from '@tutoring/ui/theme/utilities.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  '@media': {
    [media.belowSmall]: {
      gap: vars.space.lg,
      paddingBlock: vars.space.xl,
      paddingInline: vars.space.lg,
    },
  },
});

export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const lead = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
});

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
});

export const input = style({
  width: '100%',
  minHeight: vars.size.target,
  paddingInline: vars.space.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.md,
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &[data-focused]': focusRing,
    '&[data-invalid]': {
      borderColor: vars.color.failureBorder,
    },
  },
});

export const fieldError = style({
  fontSize: vars.font.size.sm,
  color: vars.color.failureText,
});

export const note = style({
  color: vars.color.textMuted,
});
