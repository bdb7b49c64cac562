// Every error leaves the server as `{ error: { status, message, details? } }`, where status is the
// Firebase/Google canonical name of the HTTP status, so REST and callable clients read it alike.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailable } from '../db/unavailable.ts';
import { scrubMessage } from './log-redaction.ts';

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
  /** requestId: added to every error answer by request-id.ts, or by whoever answers after it. */
  error: { status: CanonicalStatus; message: string; details?: unknown; requestId?: string };
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
  readonly statusCode: number;
  readonly details?: unknown;
  constructor(statusCode: number, message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const invalidArgument = (message: string, details?: unknown) =>
  new ApiError(400, message, details);
export const unauthenticated = (message = 'A valid bearer token is required.') =>
  new ApiError(401, message);
export const permissionDenied = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);

function clientErrorMessage(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimitBytes: number,
): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted; send application/json.`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      // A route may have a smaller limit of its own (POST /api/client-reports: 4 KB).
      const limit = request.routeOptions.bodyLimit ?? bodyLimitBytes;
      return `body is larger than the limit of ${
        limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`
      }`;
    }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body is empty; send a JSON body';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'body length does not match the Content-Length header';
    default:
      // The JSON parser reports a syntax error as a plain SyntaxError with status 400.
      return error instanceof SyntaxError ? 'body is not valid JSON' : error.message;
  }
}

/**
 * The app's error handler: an ApiError with its own status and message, another client error
 * (4xx, from Fastify's parsing and limits) with a readable message, anything else as a 500 whose
 * cause is logged, never sent.
 */
export function errorHandler(options: { bodyLimitBytes: number }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      // The caller sees the message as it is; the log, which outlives the request, gets it scrubbed.
      request.log.info(
        { statusCode: error.statusCode, reason: scrubMessage(error.message) },
        'request refused',
      );
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.details));
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = clientErrorMessage(error, request, options.bodyLimitBytes);
      request.log.info(
        { statusCode, code: error.code, reason: scrubMessage(message) },
        'request refused',
      );
      const details =
        statusCode === 400 ? request.routeOptions.config.invalidBodyDetails : undefined;
      return reply.code(statusCode).send(errorBody(statusCode, message, details));
    }
    // The database away (refused, timed out, shut down: db/unavailable.ts): 503, no stack logged.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ statusCode: 503, code: unavailable.code }, 'database unavailable');
      return reply.code(503).send(errorBody(503, unavailable.message));
    }
    // The `err` serializer (log-redaction.ts) keeps the failure's code, not a query's parameters.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal server error.'));
  };
}
