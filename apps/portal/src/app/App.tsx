import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PortalServicesProvider } from '../lib/services/portalServices';
import { productionServices } from './productionServices';
import { createPortalRouter } from './router';

export function App() {
  const [router] = useState(createPortalRouter);
  return (
    <PortalServicesProvider services={productionServices}>
      <RouterProvider router={router} />
    </PortalServicesProvider>
  );
}
