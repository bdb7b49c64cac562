// A failed API call as the UI needs it: the HTTP status and the contract's canonical error
// (CONVENTIONS: { error: { status, message, details } }).

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly canonicalStatus: string | undefined;
  /** The server's id of the failed request (`error.requestId`, X-Request-Id), for support. */
  readonly requestId: string | undefined;

  constructor(
    httpStatus: number,
    canonicalStatus: string | undefined,
    message: string,
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.canonicalStatus = canonicalStatus;
    this.requestId = requestId;
  }

  static fromResponse(response: Response, body: unknown): ApiError {
    const error =
      typeof body === 'object' && body !== null && 'error' in body
        ? (body as { error: unknown }).error
        : undefined;
    const { status, message, requestId } =
      typeof error === 'object' && error !== null
        ? (error as { status?: unknown; message?: unknown; requestId?: unknown })
        : {};
    return new ApiError(
      response.status,
      typeof status === 'string' ? status : undefined,
      typeof message === 'string' ? message : `Request failed with HTTP ${response.status}.`,
      typeof requestId === 'string'
        ? requestId
        : (response.headers.get('x-request-id') ?? undefined),
    );
  }
}

export function isApiError(error: unknown, httpStatus?: number): error is ApiError {
  return error instanceof ApiError && (httpStatus === undefined || error.httpStatus === httpStatus);
}

/**
 * The server's id of the request behind a failure, which a failure notice shows as "Reference: …"
 * so a volunteer can quote it to support; undefined when there is none (the server was not reached).
 */
export function referenceOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('requestId' in error)) return undefined;
  const { requestId } = error as { requestId: unknown };
  return typeof requestId === 'string' && requestId !== '' ? requestId : undefined;
}
