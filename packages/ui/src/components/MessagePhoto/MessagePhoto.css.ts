import { style } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* No photo-size token exists: the thumbnail is 0.4 x the readable measure (16rem) wide at most,
   and the placeholder keeps a 4:3 box of that width, so nothing jumps while the picture loads. */
const thumbnailWidth = `calc(${vars.size.readableMax} * 0.4)`;

/* The press target around the thumbnail: a react-aria Button, laid out by atoms. */
export const thumbnailButton = style([
  atoms({ display: 'block' }),
  {
    // As wide as its picture, not the bubble: the focus ring hugs the picture.
    alignSelf: 'flex-start',
    maxWidth: '100%',
    padding: 0,
    border: 'none',
    borderRadius: vars.radius.md,
    backgroundColor: 'transparent',
    cursor: 'zoom-in',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': focusRing,
    },
  },
]);

/* At most as wide as the placeholder was, its height by its own shape (a tall one is fitted into
   a square, not cropped); a small picture keeps its own size rather than being blown up. */
export const thumbnail = style({
  display: 'block',
  maxWidth: `min(100%, ${thumbnailWidth})`,
  height: 'auto',
  maxHeight: thumbnailWidth,
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

/* The loading and failure boxes: the thumbnail's size, so the bubble keeps its shape. */
export const placeholder = style([
  atoms({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 'xs',
  }),
  {
    alignSelf: 'flex-start',
    width: thumbnailWidth,
    maxWidth: '100%',
    aspectRatio: '4 / 3',
    padding: vars.space.sm,
    borderRadius: vars.radius.md,
    border: `${vars.size.borderWidth} dashed ${vars.color.borderStrong}`,
    backgroundColor: vars.color.surface,
    color: vars.color.textMuted,
    fontSize: vars.font.size.sm,
    textAlign: 'center',
  },
]);

export const failureText = style({
  margin: 0,
  color: vars.color.failureText,
  fontWeight: vars.font.weight.bold,
});

/* The enlarged picture in its dialog: as large as the screen allows, never cropped. */
export const enlarged = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: `calc(100dvh - ${vars.space.huge} * 3)`,
  marginInline: 'auto',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});
