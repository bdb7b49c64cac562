import { style, styleVariants } from '@vanilla-extract/css';
import { atoms } from '../../theme/sprinkles.css';
import { vars } from '../../theme/theme.css';

/**
 * The whole-page frame, as a style: a centred column whose padding shrinks on a phone. PageColumn
 * renders it; a screen that must not load the atoms' run-time lookup (the standalone /auth, whose
 * script has a budget) puts the class on its own element and adds its gap with atoms() here.
 */
const frame = style([
  atoms({
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: { all: 'xxxl', belowSmall: 'xl' },
    paddingInline: { all: 'xl', belowSmall: 'lg' },
  }),
  { marginInline: 'auto' },
]);

/** How wide the column may grow before it stays centred. */
export const width = styleVariants({
  /** About 75 characters a line: forms, short messages, sign-in. */
  readable: [frame, { maxWidth: vars.size.readableMax }],
  /** The width of the landing page's content and the account screens' remedies. */
  content: [frame, { maxWidth: vars.size.contentMax }],
});
