import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const richText = style({
  color: vars.color.text,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  overflowWrap: 'anywhere',
});

globalStyle(`${richText} > *`, { margin: 0 });

globalStyle(`${richText} ul, ${richText} ol`, {
  paddingInlineStart: vars.space.xl,
});

globalStyle(`${richText} a`, {
  color: vars.color.link,
  textDecorationLine: 'underline',
  textUnderlineOffset: '0.15em',
});

globalStyle(`${richText} a:hover`, {
  color: vars.color.linkHover,
});

globalStyle(`${richText} h1, ${richText} h2, ${richText} h3, ${richText} h4`, {
  fontSize: vars.font.size.lg,
});

globalStyle(`${richText} img`, {
  maxWidth: '100%',
  height: 'auto',
});
