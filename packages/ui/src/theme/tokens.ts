/**
 * Raw design-token values. `theme.css.ts` publishes them as CSS custom properties through the
 * theme contract; components read them only through `vars`. The raw values live in a plain module
 * so the contrast story can check every text/background pair the components use.
 */

export const colorTokens = {
  brand: '#1f4fa8',
  brandHover: '#173d86',
  brandActive: '#112f69',
  brandSubtle: '#e8f0fb',
  onBrand: '#ffffff',
  text: '#1b2330',
  textMuted: '#4a5565',
  link: '#1f4fa8',
  linkHover: '#173d86',
  surface: '#ffffff',
  surfaceMuted: '#f3f5f8',
  surfaceHover: '#eef1f5',
  surfaceRaised: '#ffffff',
  border: '#d3d9e1',
  borderStrong: '#6b7585',
  focusRing: '#1f4fa8',
  failureText: '#9a1b1b',
  failureSurface: '#fdecec',
  failureBorder: '#c43c3c',
  infoText: '#1b4a86',
  infoSurface: '#e8f0fb',
  infoBorder: '#4a78c0',
  successText: '#1c6234',
  successSurface: '#e6f4ea',
  successBorder: '#3c8a55',
  warnText: '#74470a',
  warnSurface: '#fdf2dc',
  warnBorder: '#b07a1c',
} as const;

export type ColorToken = keyof typeof colorTokens;

/** WCAG 2.2 AA minimums: 4.5:1 for body text, 3:1 for UI boundaries and focus indicators (1.4.11). */
export interface ContrastPair {
  foreground: ColorToken;
  background: ColorToken;
  minimum: 4.5 | 3;
}

/** Every foreground/background combination the components render. */
export const contrastPairs: readonly ContrastPair[] = [
  { foreground: 'text', background: 'surface', minimum: 4.5 },
  { foreground: 'text', background: 'surfaceMuted', minimum: 4.5 },
  { foreground: 'text', background: 'surfaceHover', minimum: 4.5 },
  { foreground: 'textMuted', background: 'surface', minimum: 4.5 },
  { foreground: 'textMuted', background: 'surfaceMuted', minimum: 4.5 },
  { foreground: 'onBrand', background: 'brand', minimum: 4.5 },
  { foreground: 'onBrand', background: 'brandHover', minimum: 4.5 },
  { foreground: 'onBrand', background: 'brandActive', minimum: 4.5 },
  { foreground: 'brand', background: 'surface', minimum: 4.5 },
  { foreground: 'brand', background: 'brandSubtle', minimum: 4.5 },
  { foreground: 'brand', background: 'surfaceHover', minimum: 4.5 },
  { foreground: 'brandHover', background: 'brandSubtle', minimum: 4.5 },
  { foreground: 'link', background: 'surface', minimum: 4.5 },
  { foreground: 'link', background: 'surfaceMuted', minimum: 4.5 },
  { foreground: 'linkHover', background: 'surface', minimum: 4.5 },
  { foreground: 'failureText', background: 'failureSurface', minimum: 4.5 },
  // 'Not delivered' under a message in the chat transcript.
  { foreground: 'failureText', background: 'surface', minimum: 4.5 },
  { foreground: 'infoText', background: 'infoSurface', minimum: 4.5 },
  { foreground: 'successText', background: 'successSurface', minimum: 4.5 },
  { foreground: 'warnText', background: 'warnSurface', minimum: 4.5 },
  // A family's opt-out of texts on a student's card.
  { foreground: 'warnText', background: 'surface', minimum: 4.5 },
  { foreground: 'borderStrong', background: 'surface', minimum: 3 },
  { foreground: 'borderStrong', background: 'surfaceMuted', minimum: 3 },
  { foreground: 'focusRing', background: 'surface', minimum: 3 },
  { foreground: 'focusRing', background: 'surfaceMuted', minimum: 3 },
  { foreground: 'failureBorder', background: 'surface', minimum: 3 },
  { foreground: 'infoBorder', background: 'surface', minimum: 3 },
  { foreground: 'successBorder', background: 'surface', minimum: 3 },
  { foreground: 'warnBorder', background: 'surface', minimum: 3 },
];

/** Relative luminance per WCAG 2.x, from a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Contrast ratio (1 to 21) between two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

export const spaceTokens = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
  huge: '64px',
} as const;

/**
 * Fonts are named explicitly so screenshots are identical on every machine that has the pinned
 * Debian font set (fonts-liberation2, fonts-dejavu-core); Arial/Helvetica cover other systems.
 */
export const fontTokens = {
  family: {
    body: "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif",
    heading: "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif",
    mono: "'Liberation Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
  },
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    xxxl: '2rem',
  },
  weight: {
    regular: '400',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    snug: '1.35',
    normal: '1.5',
  },
} as const;

export const radiusTokens = {
  sm: '4px',
  md: '8px',
  lg: '12px',
  pill: '9999px',
} as const;

export const shadowTokens = {
  sm: '0 1px 2px rgba(27, 35, 48, 0.08)',
  md: '0 2px 6px rgba(27, 35, 48, 0.1), 0 1px 2px rgba(27, 35, 48, 0.06)',
  lg: '0 12px 32px rgba(27, 35, 48, 0.18), 0 2px 6px rgba(27, 35, 48, 0.08)',
} as const;

export const sizeTokens = {
  /** Comfortable pointer target; WCAG 2.2 2.5.8 asks for at least `targetMin`. */
  target: '44px',
  targetMin: '24px',
  iconSm: '16px',
  iconMd: '20px',
  iconLg: '32px',
  borderWidth: '1px',
  focusRingWidth: '2px',
  focusRingOffset: '2px',
  contentMax: '72rem',
  readableMax: '40rem',
} as const;

export const layerTokens = {
  base: '0',
  raised: '10',
  sticky: '100',
  overlay: '1000',
  modal: '1100',
  toast: '1200',
} as const;

export const motionTokens = {
  fast: '120ms',
  normal: '200ms',
  spin: '900ms',
} as const;
