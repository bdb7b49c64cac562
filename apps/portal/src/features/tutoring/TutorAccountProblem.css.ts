import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';
import * as statusPage from '../../lib/StatusPage.css';

/**
 * The whole-page screens shown instead of the dashboard when the tutor cannot be loaded: the
 * short pages' look, in a wider PageColumn for the list of remedies.
 */
export const { title, message: subtitle } = statusPage;

export const remedies = style({
  maxWidth: vars.size.readableMax,
});

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
