import { globalStyle } from '@vanilla-extract/css';

/**
 * Set on <html> by /logout's head script (src/app/logoutSessionCheck.ts) when a session's keys
 * are stored, before the page paints; removed when the app takes the page over.
 */
export const signingOutAttribute = 'data-signing-out';

/** The phase LogoutPage shows, on its <main>, for the rule below. */
export const logoutPhaseAttribute = 'data-logout-phase';

// The prerendered page confirms the sign-out; with a session still stored that is not yet true,
// so it stays hidden (its space kept, nothing shifts) until the app shows the sign-out's progress.
globalStyle(`html[${signingOutAttribute}] main[${logoutPhaseAttribute}="signedOut"]`, {
  visibility: 'hidden',
});
