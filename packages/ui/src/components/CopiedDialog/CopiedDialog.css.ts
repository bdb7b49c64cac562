import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const message = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const icon = style({
  color: vars.color.successText,
  marginBlockStart: vars.space.xxs,
});
