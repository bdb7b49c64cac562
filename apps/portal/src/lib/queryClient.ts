import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError';

const maxRetries = 2;

/** The data cache of the signed-in areas with the product's retry policy. */
export function createQueryClient({ gcTimeMs }: { gcTimeMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...(gcTimeMs === undefined ? {} : { gcTime: gcTimeMs }),
        // A 4xx answer (no account, wrong domain) will not change on a retry; a network or 5xx
        // failure might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.httpStatus < 500) && failureCount < maxRetries,
        refetchOnWindowFocus: false,
      },
    },
  });
}
