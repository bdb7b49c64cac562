import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PortalServicesProvider } from '../lib/services/portalServices';
import { productionServices } from './productionServices';
import { createPortalRouter } from './router';
import { registerServiceWorker } from './serviceWorker';

export function App() {
  const [router] = useState(createPortalRouter);
  // The built app only: `pnpm dev` serves no sw.js.
  useEffect(() => {
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  return (
    <PortalServicesProvider services={productionServices}>
      <RouterProvider router={router} />
    </PortalServicesProvider>
  );
}
