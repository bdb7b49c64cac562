// Test support only (never imported by the product): the services a page under test reaches the
// outside world through, with the session state, REST answers and callables the test chooses.
import type { QueryClient } from '@tanstack/react-query';
import type { Callables } from '@tutoring/api/callables';
import { type ApiClient, createApiClient } from '@tutoring/api/client';
import type { ReactNode } from 'react';
import type { AuthState } from '../../auth/authState';
import { apiBaseUrl } from '../../config/api';
import {
  type PageWidget,
  type PortalServices,
  PortalServicesProvider,
  type PortalSession,
} from '../services/portalServices';

export interface TestServicesOptions {
  /** The session state, read on every render (a test may change what it returns). */
  auth?: () => AuthState;
  /** REST calls: a stand-in for GET/POST, or by default the real client over the global fetch. */
  api?: Pick<ApiClient, 'GET' | 'POST'>;
  /**
   * The callables a test needs; any other one fails the test when called. Their answers are not
   * checked against the contract, so a test can play a server that answers something unexpected.
   */
  callables?: { readonly [Name in keyof Callables]?: (data: never) => Promise<unknown> };
  /** Sign-in and sign-out, when the test follows them. */
  session?: Partial<Pick<PortalSession, 'signInWithGoogle' | 'signInWithMagicLink' | 'logOut'>>;
  queryClient?: QueryClient;
  /** The support chat widget (by default one that does nothing). */
  supportChat?: PageWidget;
  /** Where embedded provider pages load from (by default their own URL, as in the product). */
  embedSource?: (providerUrl: string) => string;
}

const signedOut: AuthState = { status: 'signedOut' };

function missingCallable(name: string): never {
  throw new Error(`The test gave no callable ${name}.`);
}

export function createTestServices(options: TestServicesOptions = {}): PortalServices {
  const getState = options.auth ?? (() => signedOut);
  const bearer = () => {
    const state = getState();
    return state.status === 'google' || state.status === 'magic' ? state.idToken : null;
  };
  const given: Record<string, unknown> = { ...options.callables };
  const callables = new Proxy(given, {
    // Not a thenable: the object is what a promise resolves with.
    get: (target, name) =>
      typeof name !== 'string' || name === 'then'
        ? undefined
        : (target[name] ?? (() => missingCallable(name))),
  }) as unknown as Callables;
  return {
    session: {
      getState,
      subscribe: () => () => undefined,
      start: () => undefined,
      callables: async () => callables,
      signInWithGoogle: options.session?.signInWithGoogle ?? (async () => undefined),
      signInWithMagicLink: options.session?.signInWithMagicLink ?? (async () => undefined),
      logOut: options.session?.logOut ?? (async () => undefined),
    },
    api:
      (options.api as ApiClient | undefined) ??
      createApiClient({ baseUrl: apiBaseUrl, getToken: bearer, refreshToken: async () => null }),
    queryClient: options.queryClient,
    supportChat: options.supportChat ?? { show: () => undefined, hide: () => undefined },
    embedSource: options.embedSource,
  };
}

/** Wraps a tree in the services (testing-library's `wrapper`, or around a RouterProvider). */
export function withServices(services: PortalServices, children: ReactNode) {
  return <PortalServicesProvider services={services}>{children}</PortalServicesProvider>;
}
