// Test-only helpers for the tutoring pages: a memory router at a path, inside a fresh query
// client and the services the test gives, and the GET /tutor answers of a stand-in client.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { components } from '@tutoring/api/schema';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthState } from '../../../../auth/authState';
import { RandomContext } from '../../../../lib/random';
import type { PortalServices } from '../../../../lib/services/portalServices';
import { withServices } from '../../../../lib/testing/testServices';

type Tutor = components['schemas']['Tutor'];

export const signedInMaya: AuthState = {
  status: 'google',
  user: { uid: 'uid-maya', email: 'maya.chen@tutoring.example.org', displayName: 'Maya Chen' },
  idToken: 'token-maya',
};

/** What openapi-fetch resolves with for GET /tutor. */
export function tutorAnswer(tutor: Tutor) {
  return { data: tutor, error: undefined, response: new Response(null, { status: 200 }) };
}

export function tutorFailure(status: number, canonical: string, message: string) {
  return {
    data: undefined,
    error: { error: { status: canonical, message } },
    response: new Response(null, { status }),
  };
}

export async function renderPage(
  Component: ComponentType,
  {
    routePath,
    at,
    services,
    random = Math.random,
  }: {
    routePath: string;
    at: string;
    services: PortalServices;
    /** Where the page's random choices come from (RandomContext; Math.random by default). */
    random?: () => number;
  },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: routePath, Component },
      { path: '/tutoring', element: <p>Tutoring dashboard</p> },
    ],
    { initialEntries: [at] },
  );
  await act(async () => {
    render(
      withServices(
        services,
        <RandomContext value={random}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </RandomContext>,
      ),
    );
  });
  return { queryClient, router };
}
