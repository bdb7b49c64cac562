import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The look of the tutoring area's content pages, inside the layout's main landmark (which
// already pads and limits the width); each page is a Stack of its header and sections.

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const lead = style({
  margin: 0,
  maxWidth: vars.size.readableMax,
  color: vars.color.textMuted,
});
