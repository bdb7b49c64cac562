import type { ErrorPageCode } from '@tutoring/ui/components/ErrorPage/ErrorPage';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { onboardingRoutes } from '../features/onboarding/onboardingRoutes';
import { signInRedirectTarget } from '../features/public/signInRedirect';
import { messengerRoutes } from '../features/tutoring/messenger/messengerRoutes';
import { tutoringPageRoutes } from '../features/tutoring/pages/tutoringPageRoutes';
import { PageLoading } from '../lib/PageLoading/PageLoading';
import { paths } from '../lib/paths';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * The route table of §2, as far as it is built. Every page is a lazy route. The public pages are also prerendered at build time and served as HTML
 * (src/app/prerenderedPages.tsx); a visit that starts on one never downloads the router. Only the auth routes, the guards and a /logout with a
 * session to end download Firebase (scripts/check-public-chunks.mjs checks the public ones).
 * A route that is not built yet is absent and falls to the not-found page.
 */
function errorStatusRoute(code: ErrorPageCode) {
  return async () => {
    const { ErrorStatusPage } = await import('../features/public/ErrorStatusPage');
    return { element: <ErrorStatusPage code={code} /> };
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => {
          const { LandingPage } = await import('../features/public/LandingPage/LandingPage');
          return { Component: LandingPage };
        },
      },
      { path: 'home', loader: () => redirect(paths.landing) },
      {
        path: 'signin.html',
        loader: ({ request }) => redirect(signInRedirectTarget(new URL(request.url))),
      },
      {
        path: 'credits',
        lazy: async () => {
          const { CreditsPage } = await import('../features/public/CreditsPage');
          return { Component: CreditsPage };
        },
      },
      {
        path: 'coming-soon',
        lazy: async () => {
          const { ComingSoonPage } = await import('../features/public/ComingSoonPage');
          return { Component: ComingSoonPage };
        },
      },
      {
        path: 'logout',
        lazy: async () => {
          const { LogoutPage } = await import('../features/public/LogoutPage');
          return { Component: LogoutPage };
        },
      },
      { path: 'error400', lazy: errorStatusRoute(400) },
      { path: 'error500', lazy: errorStatusRoute(500) },
      {
        // The onboarding sign-in screen; also /auth/ (with a trailing slash), where /signin.html
        // sends the older magic links.
        path: 'auth',
        lazy: async () => {
          const { OnboardingSignInPage } = await import('../features/public/OnboardingSignInPage');
          return { Component: OnboardingSignInPage };
        },
      },
      {
        path: 'new-onboarding-user',
        lazy: async () => {
          const { NewOnboardingUserPage } = await import(
            '../features/public/NewOnboardingUserPage'
          );
          return { Component: NewOnboardingUserPage };
        },
      },
      {
        path: 'auth/google',
        lazy: async () => {
          const { GoogleSignInPage } = await import('../features/public/GoogleSignInPage');
          return { Component: GoogleSignInPage };
        },
      },
      {
        // Providers of the signed-in areas (TanStack Query), downloaded with them only. The
        // answers this device kept for the stored session's user are back in the cache before
        // any signed-in screen renders (issue 39: a return visit shows them at once).
        lazy: async () => {
          const [{ QueryProvider }, { savedAnswersRestored }] = await Promise.all([
            import('./QueryProvider'),
            import('./productionQueryClient'),
          ]);
          await savedAnswersRestored;
          return { Component: QueryProvider };
        },
        children: [
          {
            // The onboarding area: without a magic session, to /auth with path and query.
            lazy: async () => {
              const { RequireMagicSession } = await import('../auth/RequireMagicSession');
              return { Component: RequireMagicSession };
            },
            children: onboardingRoutes,
          },
          {
            // The tutoring area: without a Google session, to /auth/google with path and query.
            lazy: async () => {
              const { RequireGoogleSession } = await import('../auth/RequireGoogleSession');
              return { Component: RequireGoogleSession };
            },
            children: [
              {
                path: 'tutoring',
                lazy: async () => {
                  const { TutoringLayout } = await import('../features/tutoring/TutoringLayout');
                  return { Component: TutoringLayout };
                },
                children: [
                  {
                    index: true,
                    lazy: async () => {
                      const { TutoringHomePage } = await import(
                        '../features/tutoring/TutoringHomePage'
                      );
                      return { Component: TutoringHomePage };
                    },
                  },
                  ...messengerRoutes,
                  ...tutoringPageRoutes,
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: errorStatusRoute(404) },
    ],
  },
];

export function createPortalRouter() {
  return createBrowserRouter(routes);
}
