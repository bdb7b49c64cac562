import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The look of the short whole-page screens (the sign-in redirector, /logout, /credits, 'Coming
// Soon!' and the tutoring area's account screens), which a PageColumn frames.

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const message = style({
  fontSize: vars.font.size.lg,
});
