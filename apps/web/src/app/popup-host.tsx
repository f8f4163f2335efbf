import { lazy, Suspense } from 'react';
import { useUiStore } from '@/shared/stores/ui-store.ts';

// The dialog code loads with the first popup, not with the first paint.
const PopupLayer = lazy(async () => ({ default: (await import('./popups/popup-layer.tsx')).PopupLayer }));

/**
 * The one popup host (spec §2): renders the layer popup stack from the UI store. Only the top
 * popup is open; closing it reveals the one beneath, so focus is trapped in one dialog at a time.
 * While a sheet or dialog is open the stack waits (decision 025): a popup never opens over it.
 */
export function PopupHost() {
  const top = useUiStore((state) => state.popups.at(-1));
  const held = useUiStore((state) => state.openLayers > 0);
  if (!top || held) return null;
  return (
    <Suspense fallback={null}>
      <PopupLayer key={top.id} entry={top} />
    </Suspense>
  );
}
