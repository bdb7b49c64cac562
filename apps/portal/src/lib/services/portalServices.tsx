import type { QueryClient } from '@tanstack/react-query';
import type { Callables } from '@tutoring/api/callables';
import type { ApiClient } from '@tutoring/api/client';
import { createContext, type ReactNode, use } from 'react';
import type { AuthState, MagicLinkRequest } from './sessionState';

/**
 * The signed-in session as pages see it: the state of §4 and the ways to change it. In the product
 * it is the auth store over the lazily loaded Firebase SDK; Storybook and unit tests give a
 * session whose state they choose, so no page needs Firebase to render.
 */
export interface PortalSession {
  /** The current state; `subscribe` reports every change (for useSyncExternalStore). */
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Starts following the identity provider (the product downloads Firebase here, once). */
  start(): void;
  /** The callable functions of §7 with the session's token. */
  callables(): Promise<Callables>;
  /**
   * §2 auth 'Send Magic Link': the sendEmailSignInLink callable as a plain POST (no Firebase SDK:
   * it needs no session); rejects with the callable's error.
   */
  requestMagicLink(data: MagicLinkRequest): Promise<void>;
  /** Google's account chooser in a popup (§2 auth/google); rejects with the provider's error. */
  signInWithGoogle(): Promise<void>;
  /** §4's magic sign-in with a link's step-up token; rejects with the callable's error. */
  signInWithMagicLink(stepUpToken: string): Promise<void>;
  /** /logout (§2): ends either kind of session and removes the stored keys. */
  logOut(): Promise<void>;
}

/** A third-party widget the portal adds to the page and takes away again. */
export interface PageWidget {
  show(): void;
  hide(): void;
}

/** What the portal's pages reach the outside world through. */
export interface PortalServices {
  readonly session: PortalSession;
  /** The typed REST client of openapi.yaml, with the session's bearer token (§7). */
  readonly api: ApiClient;
  /**
   * The data cache of the signed-in areas. Absent in the product, whose cache is created with the
   * signed-in areas' code (app/productionQueryClient.ts); Storybook and tests give a fresh one.
   */
  readonly queryClient?: QueryClient;
  /**
   * The support chat bubble of §1 (a third-party script), shown on the tutoring routes only. The
   * workbench and tests pass a stand-in: the provider's script is not ours to run there.
   */
  readonly supportChat: PageWidget;
  /**
   * Where an embedded provider page (a form, a scheduling widget, the training video) is loaded
   * from, given the provider's URL. Absent in the product, which loads the URL itself; the
   * workbench gives a local stand-in, so a screen never shows a page it cannot reach (offline, or
   * the server's development forms) and its screenshot does not depend on one.
   */
  readonly embedSource?: (providerUrl: string) => string;
}

const PortalServicesContext = createContext<PortalServices | null>(null);

export function PortalServicesProvider({
  services,
  children,
}: {
  services: PortalServices;
  children: ReactNode;
}) {
  return <PortalServicesContext value={services}>{children}</PortalServicesContext>;
}

export function usePortalServices(): PortalServices {
  const services = use(PortalServicesContext);
  if (!services) {
    throw new Error('usePortalServices: render the page inside a PortalServicesProvider.');
  }
  return services;
}

/** The REST client of the current services. */
export function useApiClient(): ApiClient {
  return usePortalServices().api;
}

/** The callable functions of §7, loaded on first use. */
export function useCallables(): () => Promise<Callables> {
  return usePortalServices().session.callables;
}

const providerPage = (providerUrl: string) => providerUrl;

/** The iframe source of an embedded provider page: the URL itself, unless the services say. */
export function useEmbedSource(): (providerUrl: string) => string {
  return usePortalServices().embedSource ?? providerPage;
}
