import { STORED_PHOTO_EDGE, STORED_PHOTO_QUALITY } from '@hamkke/contract/common/files';
import type { DownscaleAnswer, DownscaleRequest } from './photo-downscale.worker.ts';

/**
 * A picked photo made light before it is sent (issue 30 item 2, decision 050): a 12 MP phone photo
 * (3–5 MB) becomes the JPEG the server stores anyway — {@link STORED_PHOTO_EDGE} px on its longest
 * edge, quality {@link STORED_PHOTO_QUALITY}, upright — about a tenth of its bytes. The server still
 * decodes and re-encodes whatever arrives. The original is sent instead when this browser cannot do it
 * in a worker (no Worker, OffscreenCanvas or createImageBitmap there), when it cannot decode the photo
 * (HEIC in Chromium), when the worker fails or takes too long, or when the result is not smaller.
 */

/** A worker that has not answered by then is stopped, and the original sent. */
const WORKER_TIMEOUT_MS = 30_000;

let worker: Worker | null = null;
/** One photo at a time: a decoded 12 MP photo holds 48 MB, and a phone has little to spare. */
let queue: Promise<unknown> = Promise.resolve();

function stopWorker(): void {
  worker?.terminate();
  worker = null;
}

function downscaleInWorker(photo: Blob): Promise<DownscaleAnswer | null> {
  if (typeof Worker !== 'function') return Promise.resolve(null);
  try {
    // The worker's chunk is loaded with the first photo, never with a page.
    worker ??= new Worker(new URL('./photo-downscale.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(null);
  }
  const current = worker;
  return new Promise((resolve) => {
    const finish = (answer: DownscaleAnswer | null) => {
      clearTimeout(timer);
      current.removeEventListener('message', onMessage);
      current.removeEventListener('error', onError);
      current.removeEventListener('messageerror', onError);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent<DownscaleAnswer>) => finish(event.data);
    // The script did not load (offline without it cached) or the worker broke: a new one next time.
    const onError = (event: Event) => {
      event.preventDefault();
      stopWorker();
      finish(null);
    };
    const timer = setTimeout(() => {
      stopWorker();
      finish(null);
    }, WORKER_TIMEOUT_MS);
    current.addEventListener('message', onMessage);
    current.addEventListener('error', onError);
    current.addEventListener('messageerror', onError);
    const request: DownscaleRequest = { photo, edge: STORED_PHOTO_EDGE, quality: STORED_PHOTO_QUALITY };
    current.postMessage(request);
  });
}

/**
 * What to send for a picked photo: its downscaled JPEG, or the photo itself (see above). Never
 * rejects. Photos are done one after another, in the order asked.
 */
export function preparePhoto(photo: Blob): Promise<Blob> {
  // What the browser itself calls something other than an image is refused before sending anyway.
  if (photo.type !== '' && !photo.type.startsWith('image/')) return Promise.resolve(photo);
  const prepared = queue
    .then(() => downscaleInWorker(photo))
    .then(
      (answer) => (answer?.blob && answer.blob.size < photo.size ? answer.blob : photo),
      () => photo,
    );
  queue = prepared;
  return prepared;
}
