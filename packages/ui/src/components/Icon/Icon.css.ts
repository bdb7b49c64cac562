import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const size = styleVariants({
  small: { width: vars.size.iconSm, height: vars.size.iconSm, flexShrink: 0 },
  medium: { width: vars.size.iconMd, height: vars.size.iconMd, flexShrink: 0 },
  large: { width: vars.size.iconLg, height: vars.size.iconLg, flexShrink: 0 },
});
