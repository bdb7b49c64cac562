import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import {
  colorTokens,
  fontTokens,
  layerTokens,
  motionTokens,
  radiusTokens,
  shadowTokens,
  sizeTokens,
  spaceTokens,
} from './tokens.ts';

/**
 * The theme contract: every style in the product reads these CSS variables, never raw values.
 * A second theme (e.g. high contrast) only has to fill the same contract.
 */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandHover: null,
    brandActive: null,
    brandSubtle: null,
    onBrand: null,
    text: null,
    textMuted: null,
    link: null,
    linkHover: null,
    surface: null,
    surfaceMuted: null,
    surfaceHover: null,
    surfaceRaised: null,
    border: null,
    borderStrong: null,
    focusRing: null,
    failureText: null,
    failureSurface: null,
    failureBorder: null,
    infoText: null,
    infoSurface: null,
    infoBorder: null,
    successText: null,
    successSurface: null,
    successBorder: null,
    warnText: null,
    warnSurface: null,
    warnBorder: null,
  },
  space: {
    none: null,
    xxs: null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
    xxxl: null,
    huge: null,
  },
  font: {
    family: { body: null, heading: null, mono: null },
    size: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
    weight: { regular: null, bold: null },
    lineHeight: { tight: null, snug: null, normal: null },
  },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { sm: null, md: null, lg: null },
  size: {
    target: null,
    targetMin: null,
    iconSm: null,
    iconMd: null,
    iconLg: null,
    borderWidth: null,
    focusRingWidth: null,
    focusRingOffset: null,
    contentMax: null,
    readableMax: null,
  },
  layer: { base: null, raised: null, sticky: null, overlay: null, modal: null, toast: null },
  motion: { fast: null, normal: null, spin: null },
});

createGlobalTheme(':root', vars, {
  color: colorTokens,
  space: spaceTokens,
  font: fontTokens,
  radius: radiusTokens,
  shadow: shadowTokens,
  size: sizeTokens,
  layer: layerTokens,
  motion: motionTokens,
});

/** Breakpoints of spec §9, in CSS pixels: the bell badge below 640, the mobile layout below 768. */
export const breakpoints = {
  small: 640,
  mobile: 768,
} as const;

/**
 * Media queries for vanilla-extract's '@media' key. "Below" queries stop a fraction of a pixel
 * short of the breakpoint so exactly one of each below/at-least pair matches at any width.
 */
export const media = {
  belowSmall: `screen and (max-width: ${breakpoints.small - 0.02}px)`,
  atLeastSmall: `screen and (min-width: ${breakpoints.small}px)`,
  belowMobile: `screen and (max-width: ${breakpoints.mobile - 0.02}px)`,
  atLeastMobile: `screen and (min-width: ${breakpoints.mobile}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

/**
 * Container widths for vanilla-extract's '@container' key, for components that may sit in a
 * column of any width and so arrange themselves by their own width, not the viewport's (a custom
 * property cannot appear in a query, hence plain values here). In rem, so they grow with the
 * reader's font size like the text and buttons they make room for. Use them as
 * `[\`${container} (min-width: ${containerWidths.split})\`]` under '@container'.
 */
export const containerWidths = {
  /**
   * Room for a readable text column (20rem: about 40 characters a line) beside a row of three
   * buttons (about 29rem with their gaps) and the gap between them.
   */
  split: '50rem',
  /**
   * Room for a main column and a side column at 2:1 with the side one still readable (about
   * 18rem: a card of What's New) and a gap between them.
   */
  twoColumns: '56rem',
} as const;
