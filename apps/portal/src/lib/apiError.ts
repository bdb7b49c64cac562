// A failed API call as the UI needs it: the HTTP status and the contract's canonical error
// (CONVENTIONS: { error: { status, message, details } }).

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly canonicalStatus: string | undefined;

  constructor(httpStatus: number, canonicalStatus: string | undefined, message: string) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.canonicalStatus = canonicalStatus;
  }

  static fromResponse(response: Response, body: unknown): ApiError {
    const error =
      typeof body === 'object' && body !== null && 'error' in body
        ? (body as { error: unknown }).error
        : undefined;
    const { status, message } =
      typeof error === 'object' && error !== null
        ? (error as { status?: unknown; message?: unknown })
        : {};
    return new ApiError(
      response.status,
      typeof status === 'string' ? status : undefined,
      typeof message === 'string' ? message : `Request failed with HTTP ${response.status}.`,
    );
  }
}

export function isApiError(error: unknown, httpStatus?: number): error is ApiError {
  return error instanceof ApiError && (httpStatus === undefined || error.httpStatus === httpStatus);
}
