import { atoms } from '@tutoring/ui/theme/sprinkles.css';
import { vars } from '@tutoring/ui/theme/theme.css';
import { focusRing } from '@tutoring/ui/theme/utilities.css';
import { style } from '@vanilla-extract/css';

// Atoms, not a Stack: this screen shows when the app's code did not arrive, so it renders plain
// markup from the entry chunk alone, and atoms() costs no code at run time.
export const page = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'lg', padding: 'xl' }),
  { maxWidth: vars.size.readableMax, marginInline: 'auto' },
]);

export const title = style({
  fontSize: vars.font.size.xxl,
});

export const link = style({
  color: vars.color.link,
  textUnderlineOffset: '0.15em',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:focus-visible': focusRing,
    '&:hover': { color: vars.color.linkHover },
  },
});
