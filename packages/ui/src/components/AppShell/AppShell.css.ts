import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';
import { focusRing } from '../../theme/utilities.css';

/* No sidebar-width token exists: 0.4 x the readable measure (40rem) gives a 16rem column. */
const sidebarWidth = `calc(${vars.size.readableMax} * 0.4)`;

// Layout by hand: a fixed-width sidebar track beside a fluid main column, placed by named grid
// areas that turn into a top bar over the main column below 768 px. Columns only has equal or
// 2:1 fractional tracks and no areas, so no primitive expresses this frame.
export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${sidebarWidth} minmax(0, 1fr)`,
  gridTemplateAreas: '"sidebar main"',
  minHeight: '100vh',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  '@media': {
    [media.belowMobile]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateAreas: '"top" "main"',
      gridTemplateRows: 'auto 1fr',
    },
  },
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: vars.space.sm,
  zIndex: vars.layer.toast,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.font.weight.bold,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'translateY(0)', ...focusRing },
  },
});

export const topBar = style({
  gridArea: 'top',
  position: 'sticky',
  top: 0,
  zIndex: vars.layer.sticky,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  backgroundColor: vars.color.surfaceMuted,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const sidebarColumn = style({
  gridArea: 'sidebar',
  position: 'sticky',
  top: 0,
  alignSelf: 'start',
  height: '100vh',
  overflowY: 'auto',
  borderInlineEnd: `${vars.size.borderWidth} solid ${vars.color.border}`,
  '@media': {
    [media.belowMobile]: { display: 'none' },
  },
});

export const sidebar = style({
  minHeight: '100%',
});

export const mainColumn = style({
  gridArea: 'main',
  minWidth: 0,
});

export const header = style({
  paddingInline: vars.space.xxl,
  paddingBlockStart: vars.space.xl,
  '@media': {
    [media.belowMobile]: { paddingInline: vars.space.lg, paddingBlockStart: vars.space.lg },
  },
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.contentMax,
  padding: vars.space.xxl,
  outline: 'none',
  '@media': {
    [media.belowMobile]: { padding: vars.space.lg },
  },
});
