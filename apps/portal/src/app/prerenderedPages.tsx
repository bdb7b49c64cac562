import type { ReactElement } from 'react';
import { hasStoredSessionKeys } from '../auth/sessionStorageKeys';
import { stepUpTokenOf } from '../auth/stepUpToken';
import { paths } from '../lib/paths';

/** How the browser takes over a prerendered page. */
export type PageTakeover =
  /**
   * Nothing to take over: the page is markup and plain links, complete without React, so it ships
   * none (src/staticPage.ts loads what every page loads). React alone is over the landing route's
   * budget, and hydrating a page without behaviour only costs a phone time.
   */
  | 'none'
  /** React hydrates the prerendered markup. */
  | 'hydrate'
  /** React renders afresh over it: the markup was prerendered for another state. */
  | 'render';

export interface PrerenderedPage {
  /** The page's name: the file the build writes (`<name>.html`) and `data-prerendered` on #root. */
  readonly name: string;
  /** The path the server answers with the page; null: every path without a route, with a 404. */
  readonly path: string | null;
  /** The page's module as the build's manifest names it: its CSS and its JS come from there. */
  readonly module: string;
  /** The page as the build renders it and, in the browser, as React takes it over. */
  readonly load: () => Promise<{ element: ReactElement; takeover: PageTakeover }>;
  /**
   * Read in the browser before anything loads: true when this visit needs the app instead (the
   * router, and Firebase where the route asks for it), which src/main.tsx then renders over the
   * prerendered markup.
   */
  readonly needsApp?: () => boolean;
  /**
   * A classic script the build puts in the page's <head> (a Vite entry without imports), for what
   * must happen before the prerendered markup paints.
   */
  readonly headScript?: string;
}

/**
 * The public pages (§2) the build renders to HTML (scripts/prerender.mjs), so that a phone paints
 * them before any script has run. Those with behaviour (/logout) are hydrated in the browser from
 * the same element (src/main.tsx), without the router; the others need no script. Their links are
 * plain links: a visit that starts here never downloads the app. Inside the app the router renders
 * the same components.
 */
export const prerenderedPages: readonly PrerenderedPage[] = [
  {
    name: 'index',
    path: paths.landing,
    module: 'src/features/public/LandingPage/LandingPage.tsx',
    load: async () => {
      const { LandingPage } = await import('../features/public/LandingPage/LandingPage');
      return { element: <LandingPage />, takeover: 'none' };
    },
  },
  {
    name: 'credits',
    path: paths.credits,
    module: 'src/features/public/CreditsPage.tsx',
    load: async () => {
      const { CreditsPage } = await import('../features/public/CreditsPage');
      return { element: <CreditsPage />, takeover: 'none' };
    },
  },
  {
    name: 'coming-soon',
    path: paths.comingSoon,
    module: 'src/features/public/ComingSoonPage.tsx',
    load: async () => {
      const { ComingSoonPage } = await import('../features/public/ComingSoonPage');
      return { element: <ComingSoonPage />, takeover: 'none' };
    },
  },
  ...([400, 500] as const).map(
    (code): PrerenderedPage => ({
      name: `error${code}`,
      path: code === 400 ? paths.error400 : paths.error500,
      module: 'src/features/public/ErrorStatusPage.tsx',
      load: async () => {
        const { ErrorStatusPage } = await import('../features/public/ErrorStatusPage');
        return { element: <ErrorStatusPage code={code} />, takeover: 'none' };
      },
    }),
  ),
  {
    name: '404',
    path: null,
    module: 'src/features/public/ErrorStatusPage.tsx',
    load: async () => {
      const { ErrorStatusPage } = await import('../features/public/ErrorStatusPage');
      return { element: <ErrorStatusPage code={404} />, takeover: 'none' };
    },
  },
  {
    // The sign-in screen as most visits find it: nobody signed in, no link's token. It asks for a
    // magic link with a plain POST, so neither the router nor Firebase is downloaded. A token to
    // exchange or a session that may exist (§2: a signed-in applicant goes on to /onboarding)
    // takes the app's /auth route, with Firebase, as before.
    name: 'auth',
    path: paths.auth,
    module: 'src/app/StandaloneSignInPage.tsx',
    needsApp: () =>
      stepUpTokenOf(new URLSearchParams(window.location.search)) !== null || hasStoredSessionKeys(),
    load: async () => {
      const { StandaloneSignInPage, currentSignInAddress } = await import('./StandaloneSignInPage');
      const address = typeof window === 'undefined' ? undefined : currentSignInAddress();
      return {
        element: <StandaloneSignInPage address={address} />,
        // Prerendered with an empty e-mail field: one from the query is rendered afresh.
        takeover: new URLSearchParams(address?.search).has('email') ? 'render' : 'hydrate',
      };
    },
  },
  {
    name: 'logout',
    path: paths.logout,
    module: 'src/app/LogoutPageWithServices.tsx',
    // Hides the prerendered confirmation while a stored session is still to be signed out of.
    headScript: 'src/app/logoutSessionCheck.ts',
    load: async () => {
      const { LogoutPageWithServices } = await import('./LogoutPageWithServices');
      // Prerendered signed out, the state of nearly every visit. With a session's keys stored,
      // the page starts by signing out instead, rendered afresh.
      const sessionStored = typeof localStorage !== 'undefined' && hasStoredSessionKeys();
      return {
        element: (
          <LogoutPageWithServices initialPhase={sessionStored ? 'signingOut' : 'signedOut'} />
        ),
        takeover: sessionStored ? 'render' : 'hydrate',
      };
    },
  },
];
