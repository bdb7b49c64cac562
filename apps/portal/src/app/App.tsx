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
      {/* Router updates render at once, not as transitions that yield to the browser every 5 ms
          (nothing in the app suspends, so a transition kept no old screen on view): a visit's
          first screen came 0.05-0.16 s sooner on a slow phone (issue 39, `pnpm bench:web --only
          screens`, two interleaved rounds of five runs each). */}
      <RouterProvider router={router} useTransitions={false} />
    </PortalServicesProvider>
  );
}
