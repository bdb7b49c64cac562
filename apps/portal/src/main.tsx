import '@tutoring/ui/theme/theme.css';
import '@tutoring/ui/theme/global.css';
import { type ReactElement, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppDownloadFailed } from './app/AppDownloadFailed';
import { startEarlyApiRequests } from './app/earlyApiRequests';
import { prerenderedPages } from './app/prerenderedPages';
import { loadSocialProofScript } from './app/socialProofScript';
import { hasStoredSessionKeys, readStoredSessionUid } from './auth/sessionStorageKeys';
import { isInArea, paths } from './lib/paths';
import { startReadingSavedAnswers } from './lib/savedAnswersStore';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to render the portal into.');

loadSocialProofScript();

const strict = (element: ReactElement) => <StrictMode>{element}</StrictMode>;

// A prerendered public page (scripts/prerender.mjs names it on #root) is taken over without the
// router, unless this visit needs the app (/auth with a link's token or a stored session); every
// other path gets the app.
const prerendered = prerenderedPages.find((page) => page.name === rootElement.dataset.prerendered);
if (prerendered && !prerendered.needsApp?.()) {
  prerendered.load().then(
    ({ element, takeover }) => {
      if (takeover === 'hydrate') hydrateRoot(rootElement, strict(element));
      else if (takeover === 'render') createRoot(rootElement).render(strict(element));
    },
    // The prerendered page stays as it is: its links work without its code.
    (error: unknown) => console.error('The page could not download its code.', error),
  );
} else {
  // A visit that may be signed in: its session starts beside the app's own download instead of
  // after the app has rendered (the store keeps this one session). With a usable stored session
  // in a signed-in area the store asks for Firebase only once the first screen has its answers,
  // since the area renders from that session (authStore.ts startSession).
  if (hasStoredSessionKeys()) {
    import('./auth/authStore').then(({ startSession }) => startSession()).catch(() => undefined);
    // And a signed-in visit's first data does not wait for Firebase either.
    const { pathname } = window.location;
    startEarlyApiRequests(pathname);
    // Nor for the router: the answers this device kept for the session's user are read meanwhile,
    // for the signed-in area's first screen (lib/savedAnswersStore.ts).
    const uid =
      isInArea(pathname, paths.tutoring) || isInArea(pathname, paths.onboarding)
        ? readStoredSessionUid()
        : null;
    if (uid) startReadingSavedAnswers(uid);
  }
  const root = createRoot(rootElement);
  import('./app/App').then(
    ({ App }) => {
      root.render(strict(<App />));
      // Browser errors and Core Web Vitals to the server's metrics: the app's pages only (never
      // a public page's download), and after the app's own code.
      import('./lib/clientReports/clientReports')
        .then(({ startClientReports }) => startClientReports())
        .catch(() => undefined);
    },
    (error: unknown) => {
      console.error('The portal could not download its code.', error);
      root.render(strict(<AppDownloadFailed />));
    },
  );
}
