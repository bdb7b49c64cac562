import { style } from '@vanilla-extract/css';
import { media } from '../../theme/theme.css';

/*
 * Business constants of spec §9, not design tokens: the form provider's pages do not resize
 * their iframe, so the portal reserves their full length.
 */
export const formHeights = { default: 820, provider: 4000, providerMobile: 6200 } as const;

export const defaultHeight = style({
  height: `${formHeights.default}px`,
});

export const providerHeight = style({
  height: `${formHeights.provider}px`,
  '@media': {
    [media.belowMobile]: { height: `${formHeights.providerMobile}px` },
  },
});
