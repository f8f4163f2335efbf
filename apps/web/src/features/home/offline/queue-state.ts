import { useSyncExternalStore } from 'react';

/** One certification kept on this device, as the mission cards show it (no photos here). */
export interface QueuedSummary {
  key: string;
  missionId: string;
  /** The Seoul day it was made, the day it counts for. */
  day: string;
}

/**
 * What the device's certification queue holds for the signed-in person, as certify-queue.ts last
 * read it; undefined until it has (the queue is loaded after the first paint, and only when the
 * device keeps something or a certification is kept). The queue imports this module, not the other
 * way round, so /home's first load carries neither the queue nor IndexedDB's wrapper.
 */
let queued: QueuedSummary[] | undefined;
const listeners = new Set<() => void>();

/**
 * The queue's new contents (certify-queue.ts, which calls this only when they changed: a new value
 * redraws /home's whole list of cards at once).
 */
export function setQueuedSummaries(next: QueuedSummary[]): void {
  queued = next;
  for (const listener of listeners) listener();
}

const snapshot = () => queued;

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};

/** What the device's certification queue holds, for the cards. */
export function useCertifyQueueItems(): QueuedSummary[] | undefined {
  return useSyncExternalStore(subscribe, snapshot);
}
