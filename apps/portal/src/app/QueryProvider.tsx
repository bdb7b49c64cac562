import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { usePortalServices } from '../lib/services/portalServices';
import { productionQueryClient } from './productionQueryClient';

/**
 * Data layer of the signed-in areas. A lazy layout route rather than a wrapper around the whole
 * app, so the public pages do not download TanStack Query. The product's client is one
 * module-level instance, so its cache outlives leaving and re-entering an area; Storybook and
 * tests bring their own through the services.
 */
export function QueryProvider() {
  const { queryClient } = usePortalServices();
  return (
    <QueryClientProvider client={queryClient ?? productionQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
