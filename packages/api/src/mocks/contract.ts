import { HttpResponse, type JsonBodyType } from 'msw';
import type { components, paths } from '../schema';

export type Schemas = components['schemas'];
export type ErrorStatus = Schemas['ErrorStatus'];
export type ErrorBody = Schemas['ErrorResponse'];

/** Options every handler factory takes. */
export interface MockOptions {
  /**
   * The API prefix to answer under. '/api' (the default) resolves against the page's origin in a
   * browser; in Node give an absolute URL ('http://127.0.0.1:8080/api') or a wildcard ('*\/api').
   */
  baseUrl?: string;
}

export const DEFAULT_MOCK_BASE_URL = '/api';

/** The URL a handler matches for a path of openapi.yaml. */
export function mockUrl(options: MockOptions, path: keyof paths): string {
  return `${(options.baseUrl ?? DEFAULT_MOCK_BASE_URL).replace(/\/+$/, '')}${path}`;
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

/** The JSON request body of `POST <path>`. */
export type PostBody<Path extends keyof paths> = JsonRequestOf<paths[Path]['post']>;

/** The JSON response body of `<method> <path>` for a status (200 by default). */
export type ResponseBody<
  Path extends keyof paths,
  Method extends 'get' | 'post',
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
export function errorResponse(status: ErrorStatus, message: string, details?: unknown) {
  const body: ErrorBody = { error: { status, message } };
  if (details !== undefined) body.error.details = details;
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
