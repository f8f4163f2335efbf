import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '../stores/ui-store.ts';
import { usePwaStore } from './pwa-store.ts';

const UpdateBanner = lazy(() => import('./update-banner.tsx'));
const InstallSheet = lazy(() => import('./install-sheet.tsx'));

/**
 * The installable app's two moments (decision 046), each a chunk loaded only when it happens: "새 버전이
 * 있어요" once a new version waits, and the install offer after a certification — held back while a
 * layer popup (a celebration) or a sheet is open, so it comes after them.
 */
export function PwaHost() {
  const takeUpdate = usePwaStore((state) => state.takeUpdate);
  const installOffer = usePwaStore((state) => state.installOffer);
  const othersOpen = useUiStore((state) => state.popups.length > 0 || state.openLayers > 0);
  // The offer on screen: it opens once nothing else is open, then stays (its own sheet counts as open).
  const [shownOffer, setShownOffer] = useState(installOffer);
  if (shownOffer !== installOffer && (installOffer === null || !othersOpen)) setShownOffer(installOffer);
  if (!takeUpdate && !shownOffer) return null;
  return (
    <Suspense fallback={null}>
      {takeUpdate && <UpdateBanner onReload={takeUpdate} />}
      {shownOffer && <InstallSheet kind={shownOffer} />}
    </Suspense>
  );
}
