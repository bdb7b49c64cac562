import { media, vars } from '@tutoring/ui/theme/theme.css';
import { style } from '@vanilla-extract/css';

export const page = style({
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
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.xl,
  '@media': {
    [media.belowMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' },
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
