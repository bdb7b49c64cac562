// The only script of the prerendered pages that have no behaviour of their own (landing, credits,
// the error and not-found pages, 'Coming Soon!': src/app/prerenderedPages.tsx). Their markup and
// links are complete without React, so they download none of it; the theme's CSS comes with them.
import '@tutoring/ui/theme/theme.css';
import '@tutoring/ui/theme/global.css';
import { loadSocialProofScript } from './app/socialProofScript';

loadSocialProofScript();
