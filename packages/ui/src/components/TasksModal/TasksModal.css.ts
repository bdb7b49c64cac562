import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import { card, cardList, focusRing, mutedText, statusLabel } from '../../theme/utilities.css';

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

export const list = cardList;

export const item = style([
  card,
  {
    outline: 'none',
    selectors: {
      '&:focus': focusRing,
    },
  },
]);

export const completedItem = style({
  backgroundColor: vars.color.surfaceMuted,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const link = style({
  alignSelf: 'flex-start',
  maxWidth: '100%',
  // A task title may hold a long word (a code, an address): it wraps rather than widen the modal.
  overflowWrap: 'break-word',
});

export const status = style([statusLabel, { color: vars.color.textMuted }]);

export const statusDone = style([status, { color: vars.color.successText }]);

export const empty = mutedText;
