import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { ErrorStatusPage } from '../features/public/ErrorStatusPage';
import { LandingPage } from '../features/public/LandingPage';
import { signInRedirectTarget } from '../features/public/signInRedirect';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * The route table of §2, as far as it is built. The landing and error pages are in the entry
 * chunk; the other pages are lazy routes. Only the auth routes, the guards and a /logout with a
 * session to end download Firebase (scripts/check-public-chunks.mjs checks the public ones).
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
        path: 'logout',
        lazy: async () => {
          const { LogoutPage } = await import('../features/public/LogoutPage');
          return { Component: LogoutPage };
        },
      },
      { path: 'error400', element: <ErrorStatusPage code={400} /> },
      { path: 'error500', element: <ErrorStatusPage code={500} /> },
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
      { path: '*', element: <ErrorStatusPage code={404} /> },
    ],
  },
];

export function createPortalRouter() {
  return createBrowserRouter(routes);
}
