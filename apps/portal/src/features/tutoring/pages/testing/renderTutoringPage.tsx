// Test-only helper for the tutoring pages: a memory router at a path, inside a fresh query client
// and the services the test gives (createTestServices with its mock backend).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RandomContext } from '../../../../lib/random';
import type { PortalServices } from '../../../../lib/services/portalServices';
import { withServices } from '../../../../testing/testServices';

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
