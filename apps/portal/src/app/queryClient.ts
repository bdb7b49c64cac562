import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError';

const maxRetries = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer (no account, wrong domain) will not change on a retry; a network or 5xx
        // failure might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.httpStatus < 500) && failureCount < maxRetries,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
