import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const brandName = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
});
