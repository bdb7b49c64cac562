import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const sectionTitle = style({
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
});
