import { createContainer, createVar, style, styleVariants } from '@vanilla-extract/css';
import { containerWidths, media } from '../../theme/theme.css';

/** The grid's tracks side by side, and once collapsed. */
const expandedTracks = createVar();
const collapsedTracks = createVar();

const equal = (count: number) => `repeat(${count}, minmax(0, 1fr))`;

/** How many columns, or which widths, side by side. */
export const columns = styleVariants({
  2: { vars: { [expandedTracks]: equal(2) } },
  3: { vars: { [expandedTracks]: equal(3) } },
  4: { vars: { [expandedTracks]: equal(4) } },
  /** A main column and a side column at 2:1 (the dashboard's students and What's New). */
  mainAndSide: { vars: { [expandedTracks]: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

/** How many columns remain once collapsed. */
export const collapsedColumns = styleVariants({
  1: { vars: { [collapsedTracks]: equal(1) } },
  2: { vars: { [collapsedTracks]: equal(2) } },
});

/**
 * The container a Columns measures: its own width, whatever column of the page it sits in (a
 * container query cannot ask an element about itself, hence the wrapper).
 */
const columnsContainer = createContainer();

export const container = style({
  containerName: columnsContainer,
  containerType: 'inline-size',
});

const atContainerWidth = (width: string) => ({
  gridTemplateColumns: collapsedTracks,
  '@container': {
    [`${columnsContainer} (min-width: ${width})`]: { gridTemplateColumns: expandedTracks },
  },
});

const belowScreen = (query: string) => ({
  gridTemplateColumns: expandedTracks,
  '@media': { [query]: { gridTemplateColumns: collapsedTracks } },
});

/**
 * Where the columns collapse. Container widths (`split`, `twoColumns`) follow the Columns' own
 * width, for parts that may sit in a column of any width; screen widths (`mobileScreen`,
 * `smallScreen`: spec §9's 768 and 640 px) follow the viewport, for a page's own grid.
 */
export const collapse = styleVariants({
  split: atContainerWidth(containerWidths.split),
  twoColumns: atContainerWidth(containerWidths.twoColumns),
  mobileScreen: belowScreen(media.belowMobile),
  smallScreen: belowScreen(media.belowSmall),
  never: { gridTemplateColumns: expandedTracks },
});
