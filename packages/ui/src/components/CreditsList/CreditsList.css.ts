import { style } from '@vanilla-extract/css';
import { media, vars } from '../../theme/theme.css';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.belowMobile]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.xl,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const title = style({
  fontSize: vars.font.size.xl,
});

export const description = style({
  flex: 1,
  color: vars.color.textMuted,
});

export const link = style({
  alignSelf: 'flex-start',
});
