import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/*
 * Story frames only: the columns a student list really sits in. On /tutoring at 1280 px the list
 * is the 2fr column beside What's New, 35rem (560 px) wide; 300 px is a narrow phone's card or a
 * side panel. `min(100%, ...)` keeps them inside a phone's screen.
 */
export const dashboardColumn = style({
  width: `min(100%, calc(${vars.size.readableMax} * 0.875))`,
});

export const narrowColumn = style({
  width: `min(100%, calc(${vars.size.readableMax} * 0.47))`,
});
