// Every error leaves the server as `{ error: { status, message, details? } }`, where status is the
// Firebase/Google canonical name of the HTTP status, so REST and callable clients read it alike.

export type CanonicalStatus =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ABORTED'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'UNIMPLEMENTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED';

const CANONICAL_BY_HTTP_STATUS: Readonly<Record<number, CanonicalStatus>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/**
 * The canonical list has no name of its own for some client errors (413, 415, ...): they are
 * problems with the request's argument, so they report INVALID_ARGUMENT with their own HTTP status.
 */
export function canonicalStatus(httpStatus: number): CanonicalStatus {
  const canonical = CANONICAL_BY_HTTP_STATUS[httpStatus];
  if (canonical) return canonical;
  return httpStatus >= 400 && httpStatus < 500 ? 'INVALID_ARGUMENT' : 'INTERNAL';
}

export interface ErrorBody {
  error: { status: CanonicalStatus; message: string; details?: unknown };
}

export function errorBody(httpStatus: number, message: string, details?: unknown): ErrorBody {
  return {
    error: {
      status: canonicalStatus(httpStatus),
      message,
      ...(details === undefined ? {} : { details }),
    },
  };
}

/** An error whose message is safe to show to the caller. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const invalidArgument = (message: string, details?: unknown) =>
  new ApiError(400, message, details);
export const unauthenticated = (message = 'A valid bearer token is required.') =>
  new ApiError(401, message);
export const permissionDenied = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
