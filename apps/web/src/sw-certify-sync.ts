/// <reference lib="webworker" />
/**
 * Background Sync for certifications made without a connection (decision 048), imported by sw.ts.
 * The page registers the `certify-queue` tag when it keeps a certification; the browser fires `sync`
 * once the connection is back (Chromium; elsewhere the page's `online` event does the same). The
 * session's tokens live in the page, so the worker asks each open page of the app to send the queue
 * (certify-queue.ts); with none open, the next start of the app sends it.
 */
import { CERTIFY_SYNC_MESSAGE, CERTIFY_SYNC_TAG } from './features/home/offline/queue-names.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== CERTIFY_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: CERTIFY_SYNC_MESSAGE });
    }),
  );
});
