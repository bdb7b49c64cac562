import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/** Where the client gets, refreshes and stores the Firebase ID token it sends as a bearer. */
export interface BearerTokenSource {
  /** The current ID token, or null/undefined when nobody is signed in (then no header is sent). */
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Refreshes the current user's ID token (e.g. `user.getIdToken(true)`). Called at most once per
   * 401, and shared by every request that gets a 401 while it runs. Null means no new token.
   */
  refreshToken: () => Promise<string | null | undefined>;
  /** Stores a refreshed token (§4/§7: the portal keeps the ID token in local storage). */
  onTokenRefreshed?: (token: string) => void | Promise<void>;
}

export interface ApiClientOptions extends BearerTokenSource {
  /** The API prefix: '/api' in the browser, an absolute URL such as 'http://127.0.0.1:8080/api' in Node. */
  baseUrl: string;
  /** The fetch to send requests with (defaults to the global fetch at call time, so MSW can patch it). */
  fetch?: (request: Request) => Promise<Response>;
}

export type ApiClient = Client<paths>;

const BEARER_PREFIX = 'Bearer ';

function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith(BEARER_PREFIX) ? header.slice(BEARER_PREFIX.length) : null;
}

async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // A body that is already locked or consumed needs no cancelling.
  }
}

/**
 * openapi-fetch middleware implementing §7's token rule: every request carries
 * `Authorization: Bearer <token>`; on a 401 the token is refreshed once, stored, and the request is
 * sent once more. A second 401 is returned to the caller as it is.
 */
export function createBearerAuthMiddleware(source: BearerTokenSource): Middleware {
  // A fetch consumes the request body, so a copy for the retry is taken before sending.
  const retryCopies = new Map<string, Request>();
  let refreshInFlight: Promise<string | null> | null = null;

  const refreshOnce = (): Promise<string | null> => {
    refreshInFlight ??= (async () => {
      try {
        const token = (await source.refreshToken()) ?? null;
        if (token) await source.onTokenRefreshed?.(token);
        return token;
      } catch {
        return null;
      } finally {
        refreshInFlight = null;
      }
    })();
    return refreshInFlight;
  };

  return {
    async onRequest({ request, id }) {
      const token = await source.getToken();
      if (token) request.headers.set('Authorization', `${BEARER_PREFIX}${token}`);
      retryCopies.set(id, request.clone());
      return request;
    },

    async onResponse({ request, response, id, options }) {
      const retryCopy = retryCopies.get(id);
      retryCopies.delete(id);
      if (response.status !== 401 || !retryCopy) return response;

      // A request sent just before another one's refresh finished only needs the newer token.
      const sentToken = bearerTokenOf(request);
      const currentToken = (await source.getToken()) ?? null;
      const token = currentToken && currentToken !== sentToken ? currentToken : await refreshOnce();
      if (!token) return response;

      retryCopy.headers.set('Authorization', `${BEARER_PREFIX}${token}`);
      await discardBody(response);
      // Sent straight through the client's fetch, not the middleware chain, so it is retried once only.
      return options.fetch(retryCopy);
    },

    onError({ id }) {
      retryCopies.delete(id);
    },
  };
}

/** The typed client of openapi.yaml's REST paths, with the bearer/refresh middleware installed. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, fetch: fetchImpl, ...tokenSource } = options;
  const client = createClient<paths>({
    baseUrl,
    fetch: fetchImpl ?? ((request) => globalThis.fetch(request)),
  });
  client.use(createBearerAuthMiddleware(tokenSource));
  return client;
}
