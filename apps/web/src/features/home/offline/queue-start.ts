/**
 * The offline queue at app start (decision 048): its code (IndexedDB's wrapper, the upload, the
 * certification call's schemas) is loaded only when this device keeps a certification. Nothing kept
 * is the common case; the queue starts itself when it keeps one (certify-queue.ts).
 */

import { QUEUE_DB, QUEUE_STORE } from './queue-names.ts';

/** Loads and starts the queue when the device keeps a certification (any person's). */
export async function startCertifyQueueIfKept(): Promise<void> {
  if (!(await keepsCertifications())) return;
  const { startCertifyQueue } = await import('./certify-queue.ts');
  startCertifyQueue();
}

/**
 * Whether the queue's database holds anything, read without creating it: a database that does not
 * exist yet is not made here (its first opening would then find no store to make, decision 048),
 * and a browser without IndexedDB keeps nothing.
 */
function keepsCertifications(): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(QUEUE_DB);
    } catch {
      resolve(false);
      return;
    }
    request.onupgradeneeded = () => {
      // No such database: the opening is undone, nothing is created.
      request.transaction?.abort();
    };
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(QUEUE_STORE)) {
        db.close();
        resolve(false);
        return;
      }
      const count = db.transaction(QUEUE_STORE).objectStore(QUEUE_STORE).count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result > 0);
      };
      count.onerror = () => {
        db.close();
        // Unreadable: the queue's own code decides.
        resolve(true);
      };
    };
  });
}
