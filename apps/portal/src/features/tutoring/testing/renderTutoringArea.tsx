// Test support only (never imported by the product): the tutoring layout and its home page in a
// memory router, over the services a test gives (createTestServices with its mock backend).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import type { PortalServices } from '../../../lib/services/portalServices';
import { withServices } from '../../../testing/testServices';
import { TutoringHomePage } from '../TutoringHomePage';
import { TutoringLayout } from '../TutoringLayout';

function AriaRouting() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(path) => void navigate(path)}>
      <Outlet />
    </AriaRouterProvider>
  );
}

/**
 * The tutoring layout and its home page at `at`, with a fresh query client; `before` fills it
 * first (answers kept on the device from an earlier visit, issue 39).
 */
export async function renderTutoringArea(
  services: PortalServices,
  at = '/tutoring',
  before?: (queryClient: QueryClient) => void,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  before?.(queryClient);
  const router = createMemoryRouter(
    [
      {
        Component: AriaRouting,
        children: [
          {
            path: '/tutoring',
            Component: TutoringLayout,
            children: [
              { index: true, Component: TutoringHomePage },
              { path: 'messenger/:studentId', element: <p>Messenger page</p> },
              { path: 'announcements', element: <h1>Announcements page</h1> },
            ],
          },
          { path: '/logout', element: <p>Logout page</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  await act(async () => {
    render(
      withServices(
        services,
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
  });
  return { queryClient, router };
}
