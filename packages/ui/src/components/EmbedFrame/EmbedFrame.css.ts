import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const wrapper = style({
  position: 'relative',
  width: '100%',
  // Room for the spinner while there is no iframe yet.
  minHeight: `calc(2 * ${vars.space.xxxl} + ${vars.size.iconLg})`,
});

export const frame = style({
  display: 'block',
  width: '100%',
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const placeholder = style({
  width: '100%',
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceMuted,
});

/* The spinner sits near the top: a 4000 px form must not hide it below the fold. */
export const loading = style({
  position: 'absolute',
  insetInline: 0,
  top: 0,
  paddingBlock: vars.space.xxxl,
  color: vars.color.brand,
  pointerEvents: 'none',
});
