import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const centred = style({ marginInline: 'auto' });

/** How wide the column may grow before it stays centred. */
export const width = styleVariants({
  /** About 75 characters a line: forms, short messages, sign-in. */
  readable: [centred, { maxWidth: vars.size.readableMax }],
  /** The width of the landing page's content and the account screens' remedies. */
  content: [centred, { maxWidth: vars.size.contentMax }],
});
