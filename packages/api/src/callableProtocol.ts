// The callable-function protocol of §7 without the Firebase SDK: names and types of the callables,
// their URL, §8's HTTP status mapping, and one call over the global fetch that speaks the protocol
// as the SDK does (`{ data }` in, `{ result }` or `{ error: { status, message, details } }` out,
// the §9 timeout, the same codes and messages), so no page downloads the Functions SDK for it;
// callables.ts wraps it into one typed function per callable.
import type { paths } from './schema';

/** §9: callable function timeout. */
export const CALLABLE_TIMEOUT_MS = 70_000;

type CallablePath = Extract<keyof paths, `/functions/${string}`>;

/** Names of the callable functions of §7 (each is `POST /functions/<name>` in openapi.yaml). */
export type CallableName = CallablePath extends `/functions/${infer Name}` ? Name : never;

type CallableOperation<Name extends CallableName> = paths[`/functions/${Name}`]['post'];

/** The `data` a callable takes. */
export type CallableData<Name extends CallableName> =
  CallableOperation<Name>['requestBody']['content']['application/json']['data'];

/** The `result` a callable answers. */
export type CallableResult<Name extends CallableName> =
  CallableOperation<Name>['responses'][200]['content']['application/json']['result'];

/** A callable error code without the `functions/` prefix, e.g. 'not-found' (Firebase's own set). */
export type CallableErrorCode =
  | 'ok'
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

/** The URL of a callable under an API prefix. */
export function callableUrl(baseUrl: string, name: CallableName): string {
  return `${baseUrl.replace(/\/+$/, '')}/functions/${name}`;
}

/**
 * §8's mapping of an HTTP status to a callable error code, as the Firebase SDK applies it when the
 * body carries no canonical `error.status` (status 0 is a network failure).
 */
export function callableErrorCode(httpStatus: number): CallableErrorCode {
  if (httpStatus >= 200 && httpStatus < 300) return 'ok';
  switch (httpStatus) {
    case 0:
    case 500:
      return 'internal';
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
}

/** The canonical statuses a callable's error body may carry ('RESOURCE_EXHAUSTED'), by code. */
const canonicalStatuses = new Map<string, CallableErrorCode>(
  (
    [
      'ok',
      'cancelled',
      'unknown',
      'invalid-argument',
      'deadline-exceeded',
      'not-found',
      'already-exists',
      'permission-denied',
      'resource-exhausted',
      'failed-precondition',
      'aborted',
      'out-of-range',
      'unimplemented',
      'internal',
      'unavailable',
      'data-loss',
      'unauthenticated',
    ] as const
  ).map((code) => [code.toUpperCase().replace(/-/g, '_'), code]),
);

/**
 * What a callable rejects with: the same code (`functions/<code>`), message (with the
 * ' [<HTTP status>]' suffix where the SDK adds one) and details as the SDK's FunctionsError, plus
 * the server's request id, which the SDK drops.
 */
export class CallableHttpError extends Error {
  readonly code: `functions/${CallableErrorCode}`;
  readonly details: unknown;
  /** The server's id of the failed request (`error.requestId`), for support. */
  readonly requestId: string | undefined;

  constructor(code: CallableErrorCode, message: string, details?: unknown, requestId?: string) {
    super(message);
    this.name = 'CallableHttpError';
    this.code = `functions/${code}`;
    this.details = details;
    this.requestId = requestId;
  }
}

/** A callable's failure (a CallableHttpError, or anything of its shape, as a test double's). */
export interface CallableFailure {
  readonly code: string;
  readonly message: string;
  readonly details?: unknown;
}

/** True for an error a callable rejected with (`functions/<code>`), through the SDK or not. */
export function isCallableFailure(error: unknown): error is CallableFailure {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code.startsWith('functions/') && typeof message === 'string';
}

/** A callable error's message without the ' [<HTTP status>]' suffix the Firebase SDK appends. */
export function callableFailureMessage(error: CallableFailure): string {
  return error.message.replace(/ \[\d{1,3}\]$/, '');
}

/** The SDK's error for an answer: null for a success (see @firebase/functions _errorForResponse). */
function errorOfAnswer(httpStatus: number, body: unknown): CallableHttpError | null {
  let code = callableErrorCode(httpStatus);
  let description: string = code;
  let details: unknown;
  let requestId: string | undefined;
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: unknown }).error
      : undefined;
  if (typeof error === 'object' && error !== null) {
    const { status, message } = error as { status?: unknown; message?: unknown };
    if (typeof status === 'string') {
      const named = canonicalStatuses.get(status);
      if (!named) {
        return new CallableHttpError(
          'internal',
          `Unknown backend error status: ${status} [${httpStatus}]`,
        );
      }
      code = named;
      description = `Backend error status: ${status}`;
    }
    if (typeof message === 'string') description = message;
    details = (error as { details?: unknown }).details;
    const given = (error as { requestId?: unknown }).requestId;
    if (typeof given === 'string') requestId = given;
  }
  if (code === 'ok') return null;
  return new CallableHttpError(code, `${description} [${httpStatus}]`, details, requestId);
}

export interface HttpCallOptions {
  /** The API prefix the server mounts callables under, e.g. `${location.origin}/api`. */
  baseUrl: string;
  /** The bearer token, if the call carries one (the public callables need none). */
  idToken?: string | null;
  /** Overrides CALLABLE_TIMEOUT_MS (tests use a short one). */
  timeout?: number;
  /** Overrides the global fetch (read at call time otherwise). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Calls a callable with a plain POST, as the Firebase SDK's httpsCallableFromURL does: resolves
 * with its `result`, rejects with a CallableHttpError of the SDK's code and message (a timeout is
 * 'deadline-exceeded', a network failure 'internal', an answer that is not JSON 'Response is not
 * valid JSON object.', one without a result 'Response is missing data field.').
 */
export async function callOverHttp<Name extends CallableName>(
  name: Name,
  data: CallableData<Name> | null,
  options: HttpCallOptions,
): Promise<CallableResult<Name>> {
  const { baseUrl, idToken, timeout = CALLABLE_TIMEOUT_MS } = options;
  const send = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const signal = AbortSignal.timeout(timeout);
  let status: number;
  let body: unknown = null;
  try {
    const response = await send(callableUrl(baseUrl, name), {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: data ?? null }),
      signal,
    });
    status = response.status;
    try {
      body = await response.json();
    } catch {
      // Not JSON (or cut off): judged by the status alone, as the SDK does.
      if (signal.aborted) throw signal.reason;
    }
  } catch {
    if (signal.aborted) throw new CallableHttpError('deadline-exceeded', 'deadline-exceeded');
    // A network failure (or the server's unhandled error without an answer): status 0.
    status = 0;
  }
  const failure = errorOfAnswer(status, body);
  if (failure) throw failure;
  if (typeof body !== 'object' || body === null) {
    throw new CallableHttpError('internal', 'Response is not valid JSON object.');
  }
  const answer = body as { data?: unknown; result?: unknown };
  const result = answer.data === undefined ? answer.result : answer.data;
  if (result === undefined) {
    throw new CallableHttpError('internal', 'Response is missing data field.');
  }
  return result as CallableResult<Name>;
}
