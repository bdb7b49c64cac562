import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

// The notification settings page's own words between its fields; its layout is the ui's
// primitives (cards in a Stack, the two times in Columns).

/** A sentence between the fields: the number a code went to, an unsaved change. */
export const text = style({
  margin: 0,
  maxWidth: vars.size.readableMax,
  color: vars.color.text,
});
