// Storybook only (never imported by the product). Screens in the workbench: a story with
// `parameters.screen` renders the portal's real route table in a memory router at the story's
// path, with the real layouts and pages, a session of the story's choosing and the mock server's
// data (MSW over @tutoring/api's handlers and in-memory db). .storybook/preview.tsx installs the
// loader and the decorator, handing in the route table (src/app is the product's composition
// root; only the workbench's own root imports it). screenParameters.ts says what a story can ask.
import type { Decorator, Loader } from '@storybook/react-vite';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { createApiClient } from '@tutoring/api/client';
import { createMockDb } from '@tutoring/api/mocks/db';
import { fixtureNow } from '@tutoring/api/mocks/fixtures';
import { createHandlers } from '@tutoring/api/mocks/handlers';
import type { MockDb } from '@tutoring/api/mocks/types';
import type { AnyHandler } from 'msw';
import type { SetupWorker } from 'msw/browser';
import { useState } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ClockContext } from '../../lib/clock';
import { clearMessageDrafts, saveMessageDraft } from '../../lib/messageDrafts';
import { createQueryClient } from '../../lib/queryClient';
import { RandomContext } from '../../lib/random';
import { type PortalServices, PortalServicesProvider } from '../../lib/services/portalServices';
import type { MockApiParameters, ScreenParameters } from './screenParameters';
import { createStorySession, storyIdToken } from './storySession';

/** `parameters.msw` as msw-storybook-addon reads it: a list, or `{ handlers }` (a list or a map). */
function storyHandlers(parameter: unknown): AnyHandler[] {
  if (Array.isArray(parameter)) return parameter as AnyHandler[];
  const handlers = (parameter as { handlers?: unknown } | undefined)?.handlers;
  if (!handlers) return [];
  return (Array.isArray(handlers) ? handlers : Object.values(handlers)).flat().filter(Boolean);
}

/**
 * Starts MSW (once) and answers the contract from a fresh mock db for every story that has a
 * screen or `parameters.mockApi`, so a story that marks an announcement read or sends a message
 * starts over each time it is shown. A story's own `parameters.msw` handlers still win.
 */
export function createMockApiLoader(startMsw: Loader): Loader {
  return async (context) => {
    await startMsw(context);
    const { mockApi, screen, msw } = context.parameters as {
      mockApi?: MockApiParameters;
      screen?: ScreenParameters;
      msw?: unknown;
    };
    if (!mockApi && !screen) return {};
    const worker = (context as unknown as { msw: SetupWorker }).msw;
    const db = createMockDb(mockApi?.seed);
    worker.resetHandlers(...createHandlers({ db, behaviour: mockApi?.behaviour }));
    const overrides = storyHandlers(msw);
    if (overrides.length > 0) worker.use(...overrides);
    return { mockDb: db };
  };
}

/**
 * What an embedded provider page (form, scheduling widget, video) shows in the workbench: a local
 * page that loads at once without any network, the same for every URL, so a screen never shows
 * the development server's 404 or the browser's offline page, and its screenshot is stable. The
 * stories read the provider's URL (and its prefilled values) from the page's new-tab links.
 */
const embedStandInPage = `data:text/html;charset=utf-8,${encodeURIComponent(
  '<!doctype html><html lang="en"><head><title>Embedded page</title></head>' +
    '<body style="margin:16px;color:#1b2330;font:16px/1.5 \'Liberation Sans\',Arial,sans-serif">' +
    "<p><strong>Embedded provider page</strong></p><p>The provider's form, scheduling widget or " +
    'video shows here in the portal. The workbench does not load it.</p></body></html>',
)}`;
const embedStandIn = () => embedStandInPage;

/** The workbench's fixed clock: the fixtures' "now", so Today and Yesterday never move. */
const storyClock = () => Date.parse(fixtureNow);
/** Random choices always take the first option, so a screen looks the same on every visit. */
const storyRandom = () => 0;

/**
 * What the device holds when a screen opens: the network (a story that went offline left it so),
 * and only the story's own drafts (a story whose send failed left one behind).
 */
function resetDevice(screen: ScreenParameters, session: PortalServices['session']) {
  onlineManager.setOnline(true);
  clearMessageDrafts();
  const state = session.getState();
  if (state.status !== 'google') return;
  for (const [studentId, text] of Object.entries(screen.drafts ?? {})) {
    saveMessageDraft(state.user.uid, studentId, text);
  }
}

/** An hour before the page opened: what a return visit finds on the device. */
const savedAnswersAgeMs = 60 * 60 * 1000;

/** The story's kept answers, in the cache as the product restores them before the first render. */
function restoreSavedAnswers(
  screen: ScreenParameters,
  session: PortalServices['session'],
  queryClient: QueryClient,
) {
  const state = session.getState();
  if (!screen.savedAnswers || (state.status !== 'google' && state.status !== 'magic')) return;
  for (const { queryKey, data } of screen.savedAnswers(state.user.uid)) {
    queryClient.setQueryData(queryKey, data, {
      updatedAt: performance.timeOrigin - savedAnswersAgeMs,
    });
  }
}

interface ScreenHarnessProps {
  routes: RouteObject[];
  screen: ScreenParameters;
  db: MockDb;
}

function ScreenHarness({ routes, screen, db }: ScreenHarnessProps) {
  const [setup] = useState(() => {
    const queryClient = createQueryClient();
    // The product retries a failed load twice with a back-off; a story shows the outcome at once.
    // A query with its own retry policy (the onboarding record's) keeps it, without the waits.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryDelay: 0 },
      mutations: { retry: false, retryDelay: 0 },
    });
    const services: PortalServices = {
      session: createStorySession(screen, { tutor: db.tutor, applicant: db.applicant }),
      api: createApiClient({
        baseUrl: '/api',
        getToken: () => storyIdToken,
        refreshToken: async () => null,
      }),
      queryClient,
      // The provider's chat script is not run in the workbench.
      supportChat: { show: () => undefined, hide: () => undefined },
      embedSource: embedStandIn,
    };
    resetDevice(screen, services.session);
    restoreSavedAnswers(screen, services.session, queryClient);
    const url = new URL(screen.path, 'http://story.local');
    const router = createMemoryRouter(routes, {
      initialEntries: [
        { pathname: url.pathname, search: url.search, hash: url.hash, state: screen.state },
      ],
    });
    return { services, router };
  });
  return (
    <ClockContext value={storyClock}>
      <RandomContext value={storyRandom}>
        <PortalServicesProvider services={setup.services}>
          <RouterProvider router={setup.router} />
        </PortalServicesProvider>
      </RandomContext>
    </ClockContext>
  );
}

/** Renders the screen instead of the story's component when the story names one. */
export function createScreenDecorator(routes: RouteObject[]): Decorator {
  return (Story, context) => {
    const screen = context.parameters.screen as ScreenParameters | undefined;
    if (!screen) return <Story />;
    const db = (context.loaded as { mockDb?: MockDb }).mockDb;
    if (!db)
      throw new Error(`Story ${context.id} names a screen but the mock api loader did not run.`);
    return <ScreenHarness key={context.id} routes={routes} screen={screen} db={db} />;
  };
}
