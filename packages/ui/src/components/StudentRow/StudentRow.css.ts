import { createContainer, style } from '@vanilla-extract/css';
import { containerWidths, vars } from '../../theme/theme.css';

/**
 * The card is a size container: it puts the actions beside the details only when it is wide
 * enough for both (the dashboard's student column is about 560 px at 1280 px, a full-width list
 * is wider, a phone narrower), and under the details otherwise, whatever column it sits in.
 */
const card = createContainer();
const wideCard = `${card} (min-width: ${containerWidths.split})`;

export const row = style({
  containerName: card,
  containerType: 'inline-size',
  padding: vars.space.lg,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  listStyle: 'none',
});

// Layout by hand: the details and an actions column as wide as its buttons ('auto'), side by side
// only when the card itself is wide (a container query, which the atoms' width conditions are
// not), with a wider gap then and the actions pushed to the end. Columns shares out fractions of
// the width in equal or 2:1 tracks and keeps one gap; this row needs neither.
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.md,
  '@container': {
    [wideCard]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gap: vars.space.lg,
    },
  },
});

export const name = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
});

export const facts = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const factTerm = style({
  fontWeight: vars.font.weight.bold,
});

export const factValue = style({
  margin: 0,
});

export const flag = style({
  alignSelf: 'flex-start',
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `${vars.size.borderWidth} solid ${vars.color.warnBorder}`,
  backgroundColor: vars.color.warnSurface,
  color: vars.color.warnText,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-start',
  gap: vars.space.sm,
  '@container': {
    [wideCard]: { justifyContent: 'flex-end' },
  },
});

/* The family's opt-out of texts: the warning's text colour on the card, the words first. */
export const optOut = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  color: vars.color.warnText,
  overflowWrap: 'anywhere',
});

/* The icon sits on the first line of a wrapped sentence. */
export const optOutIcon = style({
  flex: 'none',
  marginBlockStart: '0.15em',
});
