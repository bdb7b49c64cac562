import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** The workbench's sample blocks: a visible edge, so the space between them shows. */
export const sample = style({
  padding: vars.space.sm,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceMuted,
});

/** An edge without padding of its own, for a story about a Box's padding atoms. */
export const outlined = style({
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
});

/** A narrow box, for showing what wraps or collapses. */
export const narrow = style({ maxWidth: '16rem' });

/** A box as wide as a wide page's main column. */
export const wide = style({ width: '60rem', maxWidth: '100%' });
