import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const icon = style({
  color: vars.color.successText,
  marginBlockStart: vars.space.xxs,
});
