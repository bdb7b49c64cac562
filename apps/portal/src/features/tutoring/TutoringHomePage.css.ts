import { containerWidths, media, vars } from '@tutoring/ui/theme/theme.css';
import { createContainer, style } from '@vanilla-extract/css';

/**
 * The dashboard is a size container: the students and What's New sit side by side only when the
 * page (the viewport less the sidebar) has room for both to stay readable, and What's New goes
 * under the students otherwise; at 768-1000 px the sidebar leaves too little for two columns.
 */
const dashboard = createContainer();

export const page = style({
  containerName: dashboard,
  containerType: 'inline-size',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

/** Holds the bell, which only shows under 640 px; the row takes no room above that. */
export const bellRow = style({
  display: 'none',
  justifyContent: 'flex-end',
  '@media': {
    [media.belowSmall]: { display: 'flex' },
  },
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.xl,
  '@container': {
    [`${dashboard} (min-width: ${containerWidths.twoColumns})`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
});

export const students = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const sectionTitle = style({
  fontSize: vars.font.size.xl,
  lineHeight: vars.font.lineHeight.tight,
});
