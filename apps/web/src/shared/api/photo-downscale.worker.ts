/// <reference lib="webworker" />
/**
 * The photo downscaler's worker (decision 050): decodes a picked photo upright (`imageOrientation:
 * 'from-image'` applies its EXIF orientation to the pixels), draws it at most `edge` px on its longest
 * side on white (a transparent PNG is stored flattened on white too), and encodes it as JPEG at
 * `quality`. Off the main thread, so the page stays responsive while a 12 MP photo is decoded.
 * Imports nothing: its chunk is loaded only when a photo is picked.
 */
declare const self: DedicatedWorkerGlobalScope;

export interface DownscaleRequest {
  photo: Blob;
  /** The longest edge to draw at, px. */
  edge: number;
  /** JPEG quality, 1–100 (as sharp counts it). */
  quality: number;
}

/** The JPEG and its size, or why there is none (the original is sent then). */
export type DownscaleAnswer =
  | { blob: Blob; width: number; height: number }
  | { blob: null; reason: 'unsupported' | 'undecodable' | 'failed' };

async function downscale({ photo, edge, quality }: DownscaleRequest): Promise<DownscaleAnswer> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') {
    return { blob: null, reason: 'unsupported' };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    // Not an image this browser decodes (HEIC in Chromium, a broken file): the server judges it.
    return { blob: null, reason: 'undecodable' };
  }
  try {
    const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return { blob: null, reason: 'unsupported' };
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
    // A browser without a JPEG encoder answers PNG: no use sending that.
    if (blob.type !== 'image/jpeg') return { blob: null, reason: 'unsupported' };
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

self.onmessage = (event: MessageEvent<DownscaleRequest>) => {
  void downscale(event.data).then(
    (answer) => self.postMessage(answer),
    () => self.postMessage({ blob: null, reason: 'failed' } satisfies DownscaleAnswer),
  );
};
