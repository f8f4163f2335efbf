/**
 * The offline certification queue's names (decision 048), in one place: the queue (certify-queue.ts),
 * its check at app start (queue-start.ts) and the service worker's Background Sync
 * (sw-certify-sync.ts) import them; the cards (queue-state.ts) need none, the queue hands them what
 * it holds. It imports nothing: the service worker and the after-first-paint chunk import it without
 * the queue's code. The browser test offline-certify.e2e.test.ts reads the database by these names.
 */

/** The IndexedDB database that keeps the certifications, with their photos as blobs. */
export const QUEUE_DB = 'hamkke-offline';
/** Its version: the one that made {@link QUEUE_STORE}. */
export const QUEUE_DB_VERSION = 1;
/** Its one object store, keyed by each certification's idempotency key (`key`). */
export const QUEUE_STORE = 'certifications';

/** The Background Sync tag the page registers and the service worker answers. */
export const CERTIFY_SYNC_TAG = 'certify-queue';
/** The message the service worker posts to each open page of the app to have it send the queue. */
export const CERTIFY_SYNC_MESSAGE = 'certify-queue';

/** The window event the queue dispatches after each read of it (a try to send has ended). */
export const QUEUE_EVENT = 'hamkke:certify-queue';
