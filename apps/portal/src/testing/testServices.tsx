// Test support only (never imported by the product): the services a page under test reaches the
// outside world through, with the session state the test chooses and the mock server of
// @tutoring/api (mockBackend.ts) behind both the REST client and the callables.
import type { QueryClient } from '@tanstack/react-query';
import { createCallables } from '@tutoring/api/callables';
import { createApiClient } from '@tutoring/api/client';
import type { ReactNode } from 'react';
import { requestMagicLink } from '../auth/magicLinkRequest';
import {
  type PageWidget,
  type PortalServices,
  PortalServicesProvider,
  type PortalSession,
} from '../lib/services/portalServices';
import type { AuthState } from '../lib/services/sessionState';
import { createMockBackend, type MockBackend } from './mockBackend';

export interface TestServicesOptions {
  /** The session state, read on every render (a test may change what it returns). */
  auth?: () => AuthState;
  /**
   * The mock server behind the REST client and the callables (by default a fresh one over the
   * default fixtures). Give one to seed its db, set behaviours, hold answers or read requests.
   */
  backend?: MockBackend;
  /**
   * Sign-in and sign-out, when the test follows them. By default sign-in with a magic link
   * exchanges the step-up token through the getCustomAuthToken callable (as the product's auth
   * store does first), so the mock server decides whether it succeeds; the others do nothing.
   */
  session?: Partial<Pick<PortalSession, 'signInWithGoogle' | 'signInWithMagicLink' | 'logOut'>>;
  queryClient?: QueryClient;
  /** The support chat widget (by default one that does nothing). */
  supportChat?: PageWidget;
  /** Where embedded provider pages load from (by default their own URL, as in the product). */
  embedSource?: (providerUrl: string) => string;
}

const signedOut: AuthState = { status: 'signedOut' };

export function createTestServices(options: TestServicesOptions = {}): PortalServices {
  const getState = options.auth ?? (() => signedOut);
  const backend = options.backend ?? createMockBackend();
  const bearer = () => {
    const state = getState();
    return state.status === 'google' || state.status === 'magic' ? state.idToken : null;
  };
  // The product's callables, with the session's bearer, sending to the mock server.
  const productCallables = createCallables({
    baseUrl: backend.baseUrl,
    idToken: async () => bearer(),
    fetch: backend.fetch,
  });
  const callables = async () => productCallables;
  return {
    session: {
      getState,
      subscribe: () => () => undefined,
      start: () => undefined,
      callables,
      // The product's plain request (no Firebase SDK), sent to the mock server.
      requestMagicLink: (data) => requestMagicLink(data, backend.fetch),
      signInWithGoogle: options.session?.signInWithGoogle ?? (async () => undefined),
      signInWithMagicLink:
        options.session?.signInWithMagicLink ??
        (async (stepUpToken) => {
          await (await callables()).getCustomAuthToken({ stepUpToken });
        }),
      logOut: options.session?.logOut ?? (async () => undefined),
    },
    // The product's client, with the session's bearer, sending to the mock server.
    api: createApiClient({
      baseUrl: backend.baseUrl,
      getToken: bearer,
      refreshToken: async () => null,
      fetch: backend.fetch,
    }),
    queryClient: options.queryClient,
    supportChat: options.supportChat ?? { show: () => undefined, hide: () => undefined },
    embedSource: options.embedSource,
  };
}

/** Wraps a tree in the services (testing-library's `wrapper`, or around a RouterProvider). */
export function withServices(services: PortalServices, children: ReactNode) {
  return <PortalServicesProvider services={services}>{children}</PortalServicesProvider>;
}

/**
 * Waits until a callable the page has already invoked has reached the mock backend: callables go
 * through Firebase's SDK (loaded on first use) and several promise turns before their request is
 * sent. Await it before asserting that a callable was not called, or called only once. It waits a
 * moment of real time, so not under vi.useFakeTimers().
 */
export async function callablesSent(services: PortalServices): Promise<void> {
  await services.session.callables();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
