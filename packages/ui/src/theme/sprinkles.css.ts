import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { media, vars } from './theme.css.ts';

/**
 * The atoms the layout primitives (Box, Stack, Inline, Columns) are made of: one class per
 * property and token value, so a page arranges its parts from the theme's tokens without writing
 * flex or grid. Components whose root must be another library's element (a react-aria Button, a
 * Dialog) compose `atoms({...})` into their own style instead of rendering a Box.
 *
 * The responsive properties take a value per width, desktop first as the product's styles are:
 * `{ all: 'xl', belowSmall: 'lg' }`. The conditions are declared widest first, so a narrower one
 * wins where both match.
 */
const responsiveProperties = defineProperties({
  conditions: {
    all: {},
    belowMobile: { '@media': media.belowMobile },
    belowSmall: { '@media': media.belowSmall },
  },
  defaultCondition: 'all',
  properties: {
    display: ['none', 'block', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    alignItems: {
      start: 'flex-start',
      center: 'center',
      end: 'flex-end',
      stretch: 'stretch',
      baseline: 'baseline',
    },
    justifyContent: {
      start: 'flex-start',
      center: 'center',
      end: 'flex-end',
      spaceBetween: 'space-between',
    },
    gap: vars.space,
    padding: vars.space,
    paddingBlock: vars.space,
    paddingInline: vars.space,
  },
});

const staticProperties = defineProperties({
  properties: {
    /** A wrapping row's space across and down, where the two differ. */
    columnGap: vars.space,
    rowGap: vars.space,
    flexWrap: ['wrap', 'nowrap'],
    flexGrow: { 0: '0', 1: '1' },
    flexShrink: { 0: '0', 1: '1' },
    /** `0` lets a flex or grid child shrink below its content's width (long words wrap). */
    minWidth: { 0: '0' },
    width: { full: '100%' },
    backgroundColor: {
      surface: vars.color.surface,
      surfaceMuted: vars.color.surfaceMuted,
      surfaceRaised: vars.color.surfaceRaised,
      brand: vars.color.brand,
      brandSubtle: vars.color.brandSubtle,
    },
    color: { text: vars.color.text, textMuted: vars.color.textMuted, onBrand: vars.color.onBrand },
    borderRadius: vars.radius,
  },
});

export const atoms = createSprinkles(responsiveProperties, staticProperties);

/** Every atom a Box takes, with its allowed values. */
export type Atoms = Parameters<typeof atoms>[0];

/** A space token, or one per width (`{ all: 'xl', belowSmall: 'lg' }`). */
export type ResponsiveSpace = NonNullable<Atoms['gap']>;
