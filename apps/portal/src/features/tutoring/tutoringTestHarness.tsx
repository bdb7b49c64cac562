// Test-only: a fake of the portal's apiClient for the dashboard's calls, whose answers a test can
// hold back (to see what started before anything finished) or turn into failures, and the
// tutoring layout with its home page in a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import {
  actionItems,
  portalAnnouncements,
  readAnnouncementIds,
  tutorMaya,
} from '@tutoring/api/mocks/fixtures';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { vi } from 'vitest';
import type { AuthState } from '../../auth/authState';
import type { PortalServices } from '../../lib/services/portalServices';
import { withServices } from '../../lib/testing/testServices';
import { TutoringHomePage } from './TutoringHomePage';
import { TutoringLayout } from './TutoringLayout';

export const signedInMaya: AuthState = {
  status: 'google',
  user: { uid: 'uid-maya', email: tutorMaya.email, displayName: 'Maya Chen' },
  idToken: 'token-maya',
};

/** What openapi-fetch resolves with. */
export interface FetchResult {
  data: unknown;
  error: unknown;
  response: Response;
}

export function answer(data: unknown, status = 200): FetchResult {
  return { data, error: undefined, response: new Response(null, { status }) };
}

export function failure(status: number, canonical: string, message: string): FetchResult {
  return {
    data: undefined,
    error: { error: { status: canonical, message } },
    response: new Response(null, { status }),
  };
}

export interface FakeCall {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
  settle: (result: FetchResult) => void;
  settled: boolean;
}

type Answerer = (call: FakeCall) => FetchResult | 'hold';

/**
 * A stand-in for apiClient's GET and POST. Every call is recorded; `answers` decides per path
 * (default: the api package's fixtures), and 'hold' keeps the call pending until `settle`.
 */
export function createFakeDashboardApi() {
  const calls: FakeCall[] = [];
  const answers = new Map<string, Answerer>([
    ['GET /tutor', () => answer(structuredClone(tutorMaya))],
    [
      'GET /portal-announcement',
      () => answer({ announcements: portalAnnouncements, readAnnouncementIds }),
    ],
    ['GET /action-item', () => answer(structuredClone(actionItems))],
    [
      'POST /portal-announcement/status',
      (call) =>
        answer({
          announcementId: (call.body as { announcementId: string }).announcementId,
          readAt: '2026-11-20T10:00:00.000Z',
        }),
    ],
    [
      'POST /action-item/complete',
      (call) => {
        const { itemId } = call.body as { itemId: string };
        const item = actionItems.find((candidate) => candidate.Action_Item_ID === itemId);
        return answer({ ...item, Completed: true });
      },
    ],
    ['POST /tutor/mark-announcement-read', () => answer(undefined, 204)],
  ]);

  const request =
    (method: 'GET' | 'POST') =>
    (path: string, options?: { body?: unknown }): Promise<FetchResult> =>
      new Promise((resolve) => {
        const call: FakeCall = {
          method,
          path,
          body: options?.body,
          settled: false,
          settle: (result) => {
            call.settled = true;
            resolve(result);
          },
        };
        calls.push(call);
        const answerer = answers.get(`${method} ${path}`);
        const result = answerer ? answerer(call) : failure(404, 'NOT_FOUND', 'No such path.');
        if (result !== 'hold') call.settle(result);
      });

  return {
    calls,
    answers,
    client: { GET: vi.fn(request('GET')), POST: vi.fn(request('POST')) },
    callsTo: (method: 'GET' | 'POST', path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

function AriaRouting() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(path) => void navigate(path)}>
      <Outlet />
    </AriaRouterProvider>
  );
}

/** The tutoring layout and its home page at `at`, with a fresh query client. */
export async function renderTutoringArea(services: PortalServices, at = '/tutoring') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
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
