import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { LandingPage } from '../features/public/LandingPage';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * The route table of §2, as far as it is built. The landing and not-found pages are in the entry
 * chunk; everything that needs Firebase is a lazy route, so public pages never download it.
 * A route that is not built yet is absent and falls to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, Component: LandingPage },
      { path: 'home', loader: () => redirect(paths.landing) },
      {
        path: 'auth/google',
        lazy: async () => {
          const { GoogleSignInPage } = await import('../features/public/GoogleSignInPage');
          return { Component: GoogleSignInPage };
        },
      },
      {
        // Providers of the signed-in areas (TanStack Query), downloaded with them only.
        lazy: async () => {
          const { QueryProvider } = await import('./QueryProvider');
          return { Component: QueryProvider };
        },
        children: [
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
                  const { TutoringHomePage } = await import(
                    '../features/tutoring/TutoringHomePage'
                  );
                  return { Component: TutoringHomePage };
                },
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createPortalRouter() {
  return createBrowserRouter(routes);
}
