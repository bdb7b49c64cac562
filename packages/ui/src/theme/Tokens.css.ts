import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { type ColorToken, colorTokens } from './tokens';

export const grid = style({
  padding: 0,
  margin: 0,
  listStyle: 'none',
});

export const sample = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  fontSize: vars.font.size.sm,
});

export const ratio = style({
  fontFamily: vars.font.family.mono,
  fontWeight: vars.font.weight.bold,
});

const tokenNames = Object.keys(colorTokens) as ColorToken[];

/** Text in each colour token (for text pairs). */
export const textColor = styleVariants(
  Object.fromEntries(tokenNames.map((name) => [name, { color: vars.color[name] }])) as Record<
    ColorToken,
    { color: string }
  >,
);

/** Backgrounds in each colour token. */
export const background = styleVariants(
  Object.fromEntries(
    tokenNames.map((name) => [name, { backgroundColor: vars.color[name] }]),
  ) as Record<ColorToken, { backgroundColor: string }>,
);

/** A thick outline in each colour token (for 3:1 boundary pairs, which are not text). */
export const boundary = styleVariants(
  Object.fromEntries(
    tokenNames.map((name) => [name, { border: `${vars.space.xs} solid ${vars.color[name]}` }]),
  ) as Record<ColorToken, { border: string }>,
);

export const boundaryLabel = style({
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  paddingInline: vars.space.xs,
  alignSelf: 'flex-start',
});
