import { LogoutPage } from '../features/public/LogoutPage';
import { PortalServicesProvider } from '../lib/services/portalServices';
import { productionServices } from './productionServices';

/** /logout prerendered and taken over outside the app: the page with the running portal's services. */
export function LogoutPageWithServices({
  initialPhase,
}: {
  initialPhase: 'signingOut' | 'signedOut';
}) {
  return (
    <PortalServicesProvider services={productionServices}>
      <LogoutPage initialPhase={initialPhase} />
    </PortalServicesProvider>
  );
}
