// Test support only (never imported by the product): the mock server of @tutoring/api (its MSW
// handlers over an in-memory db, the same ones the Storybook screens use) behind a fetch function,
// so a unit test runs the product's real openapi-fetch client and callables against
// the shared fixtures. msw/node's interceptors need Node 22; msw's getResponse() does not, and it
// is promise-based, so answers also arrive under vi.useFakeTimers() (no timer in the request path
// unless a behaviour asks for a `delay`).

import type { MockBehaviours, MockOperation } from '@tutoring/api/mocks/contract';
import { createMockDb } from '@tutoring/api/mocks/db';
import { createHandlers } from '@tutoring/api/mocks/handlers';
import type { MockDb, MockDbSeed } from '@tutoring/api/mocks/types';
import { getResponse, type RequestHandler } from 'msw';
import { apiBaseUrl } from '../config/api';

/** One request the backend received, in the order they arrived. */
export interface RecordedRequest {
  /** `<METHOD> <path under the API prefix>`, as behaviours spell it: 'POST /tutor/messages'. */
  readonly operation: string;
  readonly method: string;
  /** The path under the API prefix, e.g. '/functions/getStudentPathway'. */
  readonly path: string;
  readonly url: string;
  readonly headers: Headers;
  /**
   * The parsed JSON body (a callable's is `{ data }`); undefined without a body, the text when it
   * is not JSON.
   */
  readonly body: unknown;
  /** True once the handlers have answered (false while it is held or still being handled). */
  answered: boolean;
  /** The answer's HTTP status once answered; 0 for a network error. */
  status?: number;
}

export interface MockBackendOptions {
  /** The db's seed (`scenarios.<name>`, or one built from the exported fixtures). */
  seed?: MockDbSeed;
  /** Failures and delays by operation; read on every request (`backend.behaviour` is it). */
  behaviour?: MockBehaviours;
}

export interface MockBackend {
  /** The in-memory db every handler reads and writes: read it, or change it, between calls. */
  readonly db: MockDb;
  /** The behaviours in force: a test may add, change or delete entries at any time. */
  readonly behaviour: MockBehaviours;
  /** The absolute API prefix the handlers answer under (the portal's apiBaseUrl). */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** A fetch answered by the mock handlers (never the network). */
  readonly fetch: typeof globalThis.fetch;
  /** The recorded requests of one operation. */
  requestsTo(operation: MockOperation): RecordedRequest[];
  /**
   * Keeps this operation's requests pending, before the handlers see them, until `release`: they
   * are recorded (answered: false) but neither answered nor applied to the db. A behaviour or db
   * change made meanwhile applies when they are released.
   */
  hold(operation: MockOperation): void;
  /** Stops holding one operation (or every one) and lets its pending requests through. */
  release(operation?: MockOperation): void;
  /** The absolute URL of a path under the API prefix, for a handler passed to `use`. */
  url(path: string): string;
  /**
   * Prepends msw handlers that win over the shared ones, for what the mock server cannot express
   * (an answer that breaks the contract, a dropped connection). Keep them to the test that needs
   * them and say why.
   */
  use(...handlers: RequestHandler[]): void;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * A mock server over a fresh db seeded with `seed`. `fetch` records each request, waits while its
 * operation is held, then answers through msw's `getResponse()` with the api package's handlers
 * (and any `use`d overrides); `HttpResponse.error()` rejects like a failed fetch. A request no
 * handler answers gets HTTP 599 with `{ unhandled }`, so a test notices.
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  const db = createMockDb(options.seed);
  const behaviour: MockBehaviours = { ...options.behaviour };
  const baseUrl = new URL(apiBaseUrl, window.location.origin).href.replace(/\/+$/, '');
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const shared = createHandlers({ db, behaviour, baseUrl });
  let overrides: RequestHandler[] = [];
  const requests: RecordedRequest[] = [];
  const held = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();

  const waitForRelease = (operation: string, signal: AbortSignal | null) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal as AbortSignal));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = waiting.get(operation) ?? [];
      queue.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      waiting.set(operation, queue);
    });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    const path =
      basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
    const operation = `${request.method} ${path}`;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const recorded: RecordedRequest = {
      operation,
      method: request.method,
      path,
      url: request.url,
      headers: new Headers(request.headers),
      body: hasBody ? parseBody(await request.clone().text()) : undefined,
      answered: false,
    };
    requests.push(recorded);

    if (held.has(operation)) await waitForRelease(operation, request.signal);
    if (request.signal?.aborted) throw abortError(request.signal);

    const response = await getResponse([...overrides, ...shared], request);
    recorded.answered = true;
    if (!response) {
      recorded.status = 599;
      return Response.json({ unhandled: `${request.method} ${request.url}` }, { status: 599 });
    }
    if (response.type === 'error') {
      recorded.status = 0;
      throw new TypeError('Failed to fetch');
    }
    recorded.status = response.status;
    return response;
  };

  return {
    db,
    behaviour,
    baseUrl,
    requests,
    fetch,
    requestsTo: (operation) => requests.filter((request) => request.operation === operation),
    hold: (operation) => {
      held.add(operation);
    },
    release: (operation) => {
      const operations = operation === undefined ? [...held, ...waiting.keys()] : [operation];
      for (const name of operations) {
        held.delete(name);
        for (const resume of waiting.get(name)?.splice(0) ?? []) resume();
      }
    },
    url: (path) => `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`,
    use: (...handlers) => {
      overrides = [...handlers, ...overrides];
    },
  };
}
