import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const partTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const text = style({
  margin: 0,
});

export const lessons = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
