// A signed-in area's first screen, asked for as soon as the app's entry runs. The areas' shells
// preload the same code from their HTML (scripts/prerender.mjs), but a return visit gets the app's
// shell from the service worker (one shell for every app path, scripts/service-worker.mjs), and
// then the browser learns of each chunk only after the one before it has run: the entry, then the
// router app, then each lazy route (issue 39: the chunks of a return visit's dashboard arrived one
// after another, from 0.5 s to 1.4 s, `pnpm bench:web --only screens`). The router later imports
// the same modules and gets them at once.
import { paths } from '../lib/paths';

const inArea = (pathname: string, area: string) =>
  pathname === area || pathname.startsWith(`${area}/`);

/** Starts the downloads of the area `pathname` is in (none outside the signed-in areas). */
export function prefetchSignedInArea(pathname: string): void {
  // One dynamic import per area: each import() carries the list of files it preloads.
  let download: Promise<unknown>;
  if (inArea(pathname, paths.tutoring)) {
    download = import('./tutoringFirstScreen');
  } else if (inArea(pathname, paths.onboarding)) {
    download = import('./onboardingFirstScreen');
  } else {
    return;
  }
  // A failed download is the router's to report, when it imports the same modules.
  download.catch(() => undefined);
}
