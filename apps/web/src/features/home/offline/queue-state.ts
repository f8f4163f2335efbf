import { useSyncExternalStore } from 'react';

/** One certification kept on this device, as the mission cards show it (no photos here). */
export interface QueuedSummary {
  key: string;
  missionId: string;
  /** The Seoul day it was made, the day it counts for. */
  day: string;
}

/**
 * The window event the queue (certify-queue.ts, loaded after the first paint) announces a change by;
 * the contents are kept on `window` under the same name, whichever of the two modules loads first.
 */
export const QUEUE_EVENT = 'hamkke:certify-queue';

const snapshot = () => (window as unknown as Record<string, QueuedSummary[] | undefined>)[QUEUE_EVENT];

const subscribe = (onChange: () => void) => {
  window.addEventListener(QUEUE_EVENT, onChange);
  return () => window.removeEventListener(QUEUE_EVENT, onChange);
};

/**
 * What the device's certification queue holds, for the cards. Told by an event rather than imported
 * from the queue, so /home's first load carries neither the queue nor IndexedDB's wrapper.
 */
export function useCertifyQueueItems(): QueuedSummary[] | undefined {
  return useSyncExternalStore(subscribe, snapshot);
}
