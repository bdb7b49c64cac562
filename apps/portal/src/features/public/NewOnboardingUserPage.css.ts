import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const title = style({
  fontSize: vars.font.size.xxl,
  lineHeight: vars.font.lineHeight.tight,
});

export const adviceTitle = style({
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const adviceList = style({
  paddingInlineStart: vars.space.xl,
  listStyle: 'disc',
});
