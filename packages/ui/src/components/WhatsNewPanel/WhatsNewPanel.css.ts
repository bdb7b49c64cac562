import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const part = style({
  selectors: {
    '& + &': {
      paddingTop: vars.space.lg,
      borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
    },
  },
});

export const partTitle = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const announcementTitle = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  lineHeight: vars.font.lineHeight.tight,
});

export const date = style({
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
});

export const taskList = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
});

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
});
