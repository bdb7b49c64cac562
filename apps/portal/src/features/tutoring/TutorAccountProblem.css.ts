import { vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';
import * as statusPage from '../../lib/StatusPage.css';

/**
 * The whole-page screens shown instead of the dashboard when the tutor cannot be loaded: the
 * short-page frame, wider for the list of remedies.
 */
export const page = style([statusPage.page, { maxWidth: vars.size.contentMax }]);

export const { title, actions, message: subtitle } = statusPage;

export const remedies = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: vars.size.readableMax,
});

export const steps = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.xl,
});
