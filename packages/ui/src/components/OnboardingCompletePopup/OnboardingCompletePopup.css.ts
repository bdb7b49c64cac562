import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const stepsTitle = style({
  fontSize: vars.font.size.lg,
  marginBlockStart: vars.space.sm,
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
