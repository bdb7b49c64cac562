import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/* Story frame only: the width the AppShell gives the sidebar. */
export const frame = style({
  width: `min(100%, calc(${vars.size.readableMax} * 0.4))`,
  minHeight: '100vh',
});
