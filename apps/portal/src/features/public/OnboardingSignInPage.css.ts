import * as pageColumn from '@tutoring/ui/components/PageColumn/PageColumn.css';
import { atoms } from '@tutoring/ui/theme/sprinkles.css';
import { vars } from '@tutoring/ui/theme/theme.css';
import { focusRing } from '@tutoring/ui/theme/utilities.css';
import { style } from '@vanilla-extract/css';

// The standalone /auth renders this screen with a script budget (.size-limit.js): its layout is
// the primitives' styles and atoms, applied at build time, not the layout components, whose
// atoms lookup would run in the page.
export const page = style([
  pageColumn.width.readable,
  atoms({ gap: { all: 'xl', belowSmall: 'lg' } }),
]);

export const intro = atoms({ display: 'flex', flexDirection: 'column', gap: 'sm' });

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const lead = style({
  fontSize: vars.font.size.lg,
  color: vars.color.textMuted,
});

// The form and its field are react-aria elements: their layout is the atoms' too.
export const form = atoms({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'start',
  gap: 'lg',
});

export const field = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xs' }),
  { width: '100%' },
]);

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
