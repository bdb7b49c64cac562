import { vars } from '@tutoring/ui/theme/theme.css';
import { focusRing } from '@tutoring/ui/theme/utilities.css';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: vars.size.readableMax,
  marginInline: 'auto',
  padding: vars.space.xl,
});

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
