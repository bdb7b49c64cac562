import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

// The log and the transcript hold refs and scroll handlers: plain divs with the atoms' layout.
export const log = style([
  atoms({ display: 'flex', flexDirection: 'column' }),
  {
    height: `calc(${vars.size.readableMax} * 0.7)`,
    overflowY: 'auto',
    // The visually hidden parts of the messages (the ':' after a sender) are positioned: without
    // a positioned log they would hang off the page far below, where the log scrolls them, and
    // make the whole page scroll.
    position: 'relative',
    overscrollBehavior: 'contain',
    padding: vars.space.lg,
    backgroundColor: vars.color.surface,
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    outline: 'none',
    selectors: {
      '&:focus-visible': focusRing,
    },
  },
]);

/** The day groups, in one box: its size changing is what keeps a reader at the bottom there. */
export const transcript = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'lg' }),
  { flexShrink: 0 },
]);

export const group = style({
  /* Groups keep their height: the log scrolls instead of squeezing them. */
  flexShrink: 0,
});

export const dateLabel = style({
  alignSelf: 'center',
  margin: 0,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const messages = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const messageBase = style({
  maxWidth: '80%',
});

export const fromTutor = style([messageBase, { alignSelf: 'flex-end' }]);
export const fromOther = style([messageBase, { alignSelf: 'flex-start' }]);

export const sender = style({
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  color: vars.color.textMuted,
});

const bubbleBase = style({
  margin: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.lg,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const bubbleTutor = style([
  bubbleBase,
  {
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    borderEndEndRadius: vars.radius.sm,
  },
]);

export const bubbleOther = style([
  bubbleBase,
  {
    backgroundColor: vars.color.surfaceMuted,
    color: vars.color.text,
    border: `${vars.size.borderWidth} solid ${vars.color.border}`,
    borderEndStartRadius: vars.radius.sm,
  },
]);

/* A bubble with pictures: a little less padding, so a picture fills most of it. */
export const bubbleWithPhotos = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.xs,
  maxWidth: '100%',
});

/* The words under a bubble's pictures: the bubble's type, without a second box. */
export const bubbleText = style({
  margin: 0,
  paddingInline: vars.space.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/* The small line under a bubble: its time and, for the tutor's own texts, what the provider said. */
export const meta = style({
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

export const empty = style({
  margin: 'auto',
  color: vars.color.textMuted,
});

/* A translated message's line ('Sent in Spanish', 'Show what the family received') and panel. */
export const translation = style([
  atoms({ display: 'flex', flexDirection: 'column', gap: 'xxs' }),
  { alignItems: 'inherit', maxWidth: '100%' },
]);

export const translationLine = style({
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

/* As small as the line it sits in; the button keeps its 24 px target. */
export const translationToggle = style({
  paddingInline: vars.space.xs,
  fontSize: vars.font.size.xs,
  textDecoration: 'underline',
});

export const translationPanel = style({
  maxWidth: '100%',
});

/* The other side of the translation: quieter than a bubble, so it reads as a note on it. */
export const translatedText = style({
  margin: 0,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderInlineStart: `calc(${vars.size.borderWidth} * 3) solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.font.size.sm,
  lineHeight: vars.font.lineHeight.snug,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/* The status of a text that needs the tutor, on its own lines under the time, with its buttons. */
export const actionBlock = style({
  maxWidth: '100%',
});

/* The words carry the meaning (WCAG 1.4.1); colour and weight make a failed text easy to spot. */
export const actionText = style({
  margin: 0,
  color: vars.color.failureText,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.xs,
  textAlign: 'end',
});

/* A held text: when it goes, in the text's own colour (no failure), bold enough to notice. */
export const actionScheduled = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.xs,
  textAlign: 'end',
});

/* While it goes again: the quiet type of the time's line, no longer a failure. */
export const actionSending = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  textAlign: 'end',
});

/* 'Sent in English, as written' and 'Not translated': the translation line's type, no button. */
export const note = style({
  margin: 0,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});
