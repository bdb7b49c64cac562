import '@tutoring/ui/theme/theme.css';
import '@tutoring/ui/theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppDownloadFailed } from './app/AppDownloadFailed';
import { loadSocialProofScript } from './app/socialProofScript';
import { LandingPage } from './features/public/LandingPage/LandingPage';
import { paths } from './lib/paths';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to render the portal into.');
const root = createRoot(rootElement);

loadSocialProofScript();

// The landing route's budget is 80 KB of JS (gzip): React alone is most of it. So '/' renders the
// landing page on its own, and only the other paths download the router, react-aria and the rest
// of the app. Its links are plain anchors: following one loads the app for that page.
if (window.location.pathname === paths.landing) {
  root.render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
} else {
  import('./app/App').then(
    ({ App }) => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
    (error: unknown) => {
      console.error('The portal could not download its code.', error);
      root.render(
        <StrictMode>
          <AppDownloadFailed />
        </StrictMode>,
      );
    },
  );
}
