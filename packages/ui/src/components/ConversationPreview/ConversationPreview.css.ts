import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The unread count: a brand pill, at least a target's height for the eye, not for the pointer. */
export const badge = style({
  flexShrink: 0,
  minWidth: vars.size.iconMd,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.size.iconMd,
  textAlign: 'center',
});

/* One line, cut with an ellipsis: the chat holds the whole text. */
export const preview = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

/* Unread: the text in the body colour and bold, so the eye finds it among the cards. */
export const previewUnread = style([
  preview,
  { color: vars.color.text, fontWeight: vars.font.weight.bold },
]);

export const photo = style({
  verticalAlign: 'bottom',
});

export const time = style({
  flexShrink: 0,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

/* The words carry the meaning (WCAG 1.4.1); the colour makes a failed text easy to spot. */
export const attention = style({
  alignSelf: 'flex-start',
  margin: 0,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `${vars.size.borderWidth} solid ${vars.color.failureBorder}`,
  backgroundColor: vars.color.failureSurface,
  color: vars.color.failureText,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});
