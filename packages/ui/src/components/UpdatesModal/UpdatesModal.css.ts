import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { card, cardList, focusRing, mutedText, statusLabel } from '../../theme/utilities.css';

export const list = cardList;

export const item = card;

export const unread = style({
  borderInlineStart: `${vars.space.xs} solid ${vars.color.brand}`,
  backgroundColor: vars.color.surface,
});

export const subject = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const date = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const statusUnread = style([statusLabel, { color: vars.color.brand }]);
export const statusRead = style([statusLabel, { color: vars.color.successText }]);

export const empty = mutedText;

export const focusableItem = style({
  outline: 'none',
  selectors: {
    '&:focus-visible, &:focus': focusRing,
  },
});
