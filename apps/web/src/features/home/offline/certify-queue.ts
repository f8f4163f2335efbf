import { seoulDay } from '@hamkke/contract/seoul-day';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ApiError } from '@/shared/api/api-error.ts';
import { invalidateMissionQueries } from '@/shared/api/missions.ts';
import { queryClient } from '@/shared/api/query-client.ts';
import { uploadPhoto } from '@/shared/api/upload.ts';
import { offlineQueueMessages } from '@/shared/messages/offline-queue.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { showToast } from '@/shared/ui/toast.tsx';
import { countsQueryOptions } from '../api/counts.ts';
import { sendKeptCertification } from '../api/kept-certification.ts';
import {
  CERTIFY_SYNC_MESSAGE,
  CERTIFY_SYNC_TAG,
  QUEUE_DB,
  QUEUE_DB_VERSION,
  QUEUE_EVENT,
  QUEUE_STORE,
} from './queue-names.ts';
import { setQueuedSummaries, type QueuedSummary } from './queue-state.ts';

/**
 * Certifications made without a connection (issue 29 item 3, decision 048): kept in IndexedDB with
 * their photos as blobs, sent when the connection returns (the `online` event, the service worker's
 * Background Sync, and each app start), once: each carries a key made here, which the server
 * honours, and the time it was made, which decides its day.
 */

export interface QueuedCertification {
  /** The idempotency key (a UUID made on this device). */
  key: string;
  userId: string;
  missionId: string;
  /** The Seoul day it was made. */
  day: string;
  /** When it was made (ISO instant). */
  madeAt: string;
  contentHtml: string;
  /** Photos already uploaded (before the connection went, or by an earlier try). */
  fileIds: string[];
  /** Photos still to upload. */
  photos: { blob: Blob; name: string }[];
}

interface QueueSchema extends DBSchema {
  certifications: { key: string; value: QueuedCertification };
}

let dbPromise: Promise<IDBPDatabase<QueueSchema>> | null = null;
function database() {
  dbPromise ??= openDB<QueueSchema>(QUEUE_DB, QUEUE_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore(QUEUE_STORE, { keyPath: 'key' });
    },
  });
  return dbPromise;
}

const currentUserId = () => useSessionStore.getState().userInfo?.userId ?? null;

/** The same certifications, in the same order (an unknown queue shows as an empty one). */
function sameSummaries(a: readonly QueuedSummary[] | undefined, b: readonly QueuedSummary[]): boolean {
  const before = a ?? [];
  return before.length === b.length && before.every((item, index) => item.key === b[index]!.key);
}

/** What this module last showed (queue-state.ts holds it for the cards). */
let shown: QueuedSummary[] | undefined;

/**
 * Shows the current person's kept certifications on their mission cards (queue-state.ts), and
 * announces on `window` that the queue was read (a try to send has ended). What the cards read
 * changes only when the queue did: they read it with useSyncExternalStore, which redraws /home's whole
 * list at once, in one task, for a new value (twice at every start, with nothing kept, before this
 * check: 50–90 ms of blocking time in Lighthouse's simulation of /home); the same value draws nothing.
 */
async function publish(): Promise<void> {
  const userId = currentUserId();
  const all = await (await database()).getAll(QUEUE_STORE);
  const detail: QueuedSummary[] = all
    .filter((item) => item.userId === userId)
    .map(({ key, missionId, day }) => ({ key, missionId, day }));
  if (!sameSummaries(shown, detail)) setQueuedSummaries((shown = detail));
  window.dispatchEvent(new Event(QUEUE_EVENT));
}

/** Keeps a certification on this device and tries to send it (it may be only the server that failed). */
export async function enqueueCertification(input: {
  userId: string;
  missionId: string;
  contentHtml: string;
  fileIds: string[];
  photos: { blob: Blob; name: string }[];
}): Promise<void> {
  const madeAt = new Date();
  const item: QueuedCertification = {
    ...input,
    key: crypto.randomUUID(),
    madeAt: madeAt.toISOString(),
    day: seoulDay(madeAt),
  };
  await (await database()).put(QUEUE_STORE, item);
  // An app started with nothing kept did not start the queue (queue-start.ts): it starts now.
  startCertifyQueue();
  await publish();
  void requestBackgroundSync();
  if (navigator.onLine) void flushCertifyQueue();
}

/** Where the browser has Background Sync, the service worker sends the queue when the connection returns. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(CERTIFY_SYNC_TAG);
  } catch (error) {
    console.warn('[offline] background sync not registered', error);
  }
}

/** A refusal that sending again will not change: the kept certification is dropped, and the person told. */
function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0 || error.status >= 500 || error.code === 'UNAUTHORIZED') return null;
  if (error.code === 'SESSION_MISMATCH' || error.code === 'PIN_REQUIRED') return null;
  if (error.code === 'CONFLICT') return offlineQueueMessages.already;
  if (error.code === 'RATE_LIMITED') return offlineQueueMessages.tooMany;
  if (error.fields.some((field) => field.path === 'madeAt')) return offlineQueueMessages.tooLate;
  return offlineQueueMessages.refused;
}

async function send(item: QueuedCertification): Promise<void> {
  const db = await database();
  // Photos first, each stored back as uploaded so a later try does not send it twice.
  while (item.photos.length > 0) {
    const [photo] = item.photos;
    const stored = await uploadPhoto(photo!.blob, { fileName: photo!.name });
    item = { ...item, fileIds: [...item.fileIds, stored.fileId], photos: item.photos.slice(1) };
    await db.put(QUEUE_STORE, item);
  }
  await sendKeptCertification({
    missionId: item.missionId,
    contentHtml: item.contentHtml,
    fileIds: item.fileIds,
    idempotencyKey: item.key,
    madeAt: item.madeAt,
  });
}

let flushing: Promise<void> | null = null;

/** Sends the current person's kept certifications, oldest first; stops at the first network failure. */
export function flushCertifyQueue(): Promise<void> {
  flushing ??= (async () => {
    try {
      const userId = currentUserId();
      if (!userId) return;
      const db = await database();
      const items = (await db.getAll(QUEUE_STORE))
        .filter((item) => item.userId === userId)
        .sort((a, b) => a.madeAt.localeCompare(b.madeAt));
      let sent = 0;
      for (const item of items) {
        try {
          await send(item);
          await db.delete(QUEUE_STORE, item.key);
          sent += 1;
        } catch (error) {
          const refused = refusalMessage(error);
          if (refused === null) {
            console.warn('[offline] a kept certification waits for the next try', error);
            break;
          }
          console.warn('[offline] a kept certification was refused', error);
          await db.delete(QUEUE_STORE, item.key);
          showToast(refused);
        }
        await publish();
      }
      if (sent > 0) {
        showToast(offlineQueueMessages.sent);
        await Promise.all([
          invalidateMissionQueries(queryClient),
          queryClient.invalidateQueries({ queryKey: countsQueryOptions().queryKey }),
        ]);
      }
    } finally {
      await publish();
      flushing = null;
    }
  })();
  return flushing;
}

let started = false;

/** On app start: show what is kept, send it now if there is a connection, and whenever it returns. */
export function startCertifyQueue(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flushCertifyQueue());
  // The service worker's sync event asks the open page to send (it has the session).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === CERTIFY_SYNC_MESSAGE) void flushCertifyQueue();
  });
  // Another person signs in on this device: their own kept certifications.
  useSessionStore.subscribe((state, previous) => {
    if (state.userInfo?.userId !== previous.userInfo?.userId) void flushCertifyQueue();
  });
  void publish();
  if (navigator.onLine) void flushCertifyQueue();
}
