import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './queryClient';

/**
 * Data layer of the signed-in areas. A lazy layout route rather than a wrapper around the whole
 * app, so the public pages do not download TanStack Query; the client is one module-level
 * instance, so its cache outlives leaving and re-entering an area.
 */
export function QueryProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
