import {
  type DefaultBodyType,
  delay,
  type HttpHandler,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type JsonBodyType,
} from 'msw';
import type { components, paths } from '../schema';
import type { MockDb } from './types';

export type Schemas = components['schemas'];
export type ErrorStatus = Schemas['ErrorStatus'];
export type ErrorBody = Schemas['ErrorResponse'];

type HttpMethodName = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/**
 * The paths the portal never calls, which the mocks (the server as the portal sees it) leave out:
 * what the providers call (`/webhooks/*`) and the development-only routes (`/dev/*`).
 */
export type NotForThePortal = `/webhooks/${string}` | `/dev/${string}`;

/**
 * Every operation of openapi.yaml the portal may call, as `<METHOD> <path>`: 'GET /tutor',
 * 'POST /tutor/messages', 'POST /functions/getStudentPathway', ... Derived from the generated
 * `paths`, so an operation added to the contract shows up here (and in `behaviour`) by itself.
 */
export type MockOperation = {
  [Path in Exclude<keyof paths, NotForThePortal>]: {
    [Method in HttpMethodName]: [NonNullable<paths[Path][Method]>] extends [never]
      ? never
      : `${Uppercase<Method>} ${Path}`;
  }[HttpMethodName];
}[Exclude<keyof paths, NotForThePortal>];

/** How one operation misbehaves, for the loading, error and retry states of a story or test. */
export interface MockBehaviour {
  /**
   * Wait before answering (msw's `delay()`): milliseconds, 'real' (a realistic server time), or
   * 'infinite' (never answers: the loading state).
   */
  delay?: number | 'infinite' | 'real';
  /**
   * Answer the contract's error envelope instead, with the HTTP status of `status`
   * (INVALID_ARGUMENT 400, NOT_FOUND 404, UNAVAILABLE 503, ...); the database is left alone.
   */
  /** requestId: the server's id of the failed request, which failure notices show. */
  fail?: { status: ErrorStatus; message: string; details?: unknown; requestId?: string };
  /**
   * Apply the delay and failure to the first call only (after this behaviour was set); later
   * calls answer normally, e.g. a failed send whose retry succeeds.
   */
  once?: boolean;
}

/** Behaviours by operation; operations left out answer normally. */
export type MockBehaviours = Partial<Record<MockOperation, MockBehaviour>>;

/** Options every handler factory takes. */
export interface MockOptions {
  /**
   * The in-memory database the handlers read and write (`createMockDb()`). Pass the same one to
   * several factories to share state; without one each factory call makes a fresh default db.
   */
  db?: MockDb;
  /**
   * The API prefix to answer under. '/api' (the default) resolves against the page's origin in a
   * browser; in Node give an absolute URL ('http://127.0.0.1:8080/api') or a wildcard ('*\/api').
   */
  baseUrl?: string;
  /**
   * Delays and failures by operation. Read on every request, so a test may change it after the
   * handlers were made.
   */
  behaviour?: MockBehaviours;
}

export const DEFAULT_MOCK_BASE_URL = '/api';

/** The URL a handler matches for a path of openapi.yaml (its `{param}` as msw's `:param`). */
export function mockUrl(options: MockOptions, path: keyof paths): string {
  const pattern = path.replace(/\{(\w+)\}/g, ':$1');
  return `${(options.baseUrl ?? DEFAULT_MOCK_BASE_URL).replace(/\/+$/, '')}${pattern}`;
}

type JsonRequestOf<Operation> = Operation extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type JsonResponseOf<Operation, Status extends number> = Operation extends {
  responses: { [S in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

type OperationOf<Operation extends MockOperation> =
  Operation extends `${infer Method} ${infer Path}`
    ? Path extends keyof paths
      ? Lowercase<Method> extends keyof paths[Path]
        ? paths[Path][Lowercase<Method>]
        : never
      : never
    : never;

/** Every JSON body an operation may answer, whatever the status (successes and error envelopes). */
export type OperationResponseBody<Operation extends MockOperation> =
  OperationOf<Operation> extends { responses: infer Responses }
    ? {
        [Status in keyof Responses]: Responses[Status] extends {
          content: { 'application/json': infer Body };
        }
          ? Body
          : never;
      }[keyof Responses]
    : never;

/**
 * The msw handler of one operation under `options.baseUrl`, with `options.behaviour` for it
 * applied before the resolver runs. The resolver's answers are typed by the operation's responses.
 */
export function mockOperation<Operation extends MockOperation>(
  options: MockOptions,
  operation: Operation,
  resolver: HttpResponseResolver<never, never, OperationResponseBody<Operation> & DefaultBodyType>,
): HttpHandler {
  const [method, path] = operation.split(' ') as [string, keyof paths];
  const onceApplied = new WeakSet<MockBehaviour>();
  const behaved: typeof resolver = async (info) => {
    const behaviour = options.behaviour?.[operation];
    if (behaviour && !(behaviour.once && onceApplied.has(behaviour))) {
      if (behaviour.once) onceApplied.add(behaviour);
      if (behaviour.delay !== undefined) await delay(behaviour.delay);
      if (behaviour.fail) {
        const { status, message, details, requestId } = behaviour.fail;
        return errorResponse(status, message, details, requestId) as Awaited<
          ReturnType<typeof resolver>
        >;
      }
    }
    return resolver(info);
  };
  const url = mockUrl(options, path);
  switch (method) {
    case 'GET':
      return http.get(url, behaved);
    case 'POST':
      return http.post(url, behaved);
    case 'PUT':
      return http.put(url, behaved);
    default:
      throw new Error(`mockOperation: no msw method for ${operation}`);
  }
}

/** The JSON request body of `POST <path>`. */
export type PostBody<Path extends keyof paths> = JsonRequestOf<paths[Path]['post']>;

/** The JSON request body of `PUT <path>`. */
export type PutBody<Path extends keyof paths> = JsonRequestOf<paths[Path]['put']>;

/** The JSON response body of `<method> <path>` for a status (200 by default). */
export type ResponseBody<
  Path extends keyof paths,
  Method extends 'get' | 'post' | 'put',
  Status extends number = 200,
> = JsonResponseOf<paths[Path][Method], Status>;

/** The HTTP status that goes with each canonical error name (CONVENTIONS, §8). */
export const HTTP_STATUS_OF_ERROR: Readonly<Record<ErrorStatus, number>> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** An error answer in the contract's envelope, with the matching HTTP status. */
export function errorResponse(
  status: ErrorStatus,
  message: string,
  details?: unknown,
  requestId?: string,
) {
  const body: ErrorBody = { error: { status, message } };
  if (details !== undefined) body.error.details = details;
  if (requestId !== undefined) body.error.requestId = requestId;
  return HttpResponse.json<ErrorBody>(body, { status: HTTP_STATUS_OF_ERROR[status] });
}

/** A JSON answer whose body type the handler's declared response type checks. */
export function jsonResponse<Body extends JsonBodyType>(body: Body, status = 200) {
  return HttpResponse.json<Body>(body, { status });
}

/** A callable's `{data}` body, or null when the JSON is not shaped like one. */
export async function readCallableData<Data>(request: Request): Promise<Data | null> {
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  return body.data as Data;
}

/** A REST JSON body, or null when it is not JSON. */
export async function readJsonBody<Body>(request: Request): Promise<Body | null> {
  return (await request.json().catch(() => null)) as Body | null;
}
