import { MAX_UPLOAD_PIXELS, STORED_PHOTO_EDGE, STORED_PHOTO_QUALITY } from '@hamkke/contract/common/files';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { DecodeObserver } from '../../lib/metrics.ts';
import { photoHashes, type PhotoHashes } from './photo-hash.ts';

/** Formats taken from the file's own bytes (sharp reads the header), never from its name or type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const MAIN_EDGE = STORED_PHOTO_EDGE;
const THUMBNAIL_EDGE = 480;
/**
 * Photos decoded at once per server: two keep both cores busy. A 24 MP photo that libvips cannot
 * shrink while loading (PNG, WebP, HEIC) holds about 100 MiB while it is decoded, so decodes are also
 * admitted by their decoded pixels: together at most {@link DECODE_PIXEL_BUDGET}. Two phone photos
 * (a 12 MP JPEG decodes at a quarter of its pixels) run side by side; a 24 MP PNG runs alone. The rest
 * wait their turn in order of arrival.
 */
export const DECODES_AT_ONCE = 2;
export const DECODE_PIXEL_BUDGET = MAX_UPLOAD_PIXELS;

// libvips: one worker thread per image (the queue above gives the parallelism), and no operation
// cache: uploads never repeat, so cached operations would only hold memory (up to 16 MiB before).
sharp.concurrency(1);
sharp.cache(false);

export interface ProcessedPhoto {
  main: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** Its perceptual hashes, from the same decoded pixels (decision 069). */
  hashes: PhotoHashes;
}

export interface PhotoProcessor {
  process(input: Buffer): Promise<ProcessedPhoto>;
  /** Photos being decoded now, and the others (headers being read, or waiting for a turn). */
  readonly active: number;
  readonly waiting: number;
}

/**
 * Photo processing with at most `concurrency` decodes at once and at most `pixelBudget` decoded
 * pixels at once (a photo alone always runs); first come, first served, so a large photo is not
 * passed over by small ones forever.
 */
export function createPhotoProcessor(
  concurrency = DECODES_AT_ONCE,
  pixelBudget = DECODE_PIXEL_BUDGET,
  /** The decode itself; a test wraps it to see each decode start and finish. */
  decode: (input: Buffer) => Promise<ProcessedPhoto> = decodePhoto,
  /** Told each decode's wait for a turn and its own time (the metrics). */
  observer?: DecodeObserver,
): PhotoProcessor {
  let active = 0;
  let pixelsInUse = 0;
  // In order of arrival; a photo's place is kept while its header is read (pixels still unknown).
  const queue: Array<{ pixels: number | null; start: () => void }> = [];
  const admit = () => {
    while (queue.length > 0 && active < concurrency) {
      const next = queue[0]!;
      if (next.pixels === null) return;
      if (active > 0 && pixelsInUse + next.pixels > pixelBudget) return;
      queue.shift();
      active += 1;
      pixelsInUse += next.pixels;
      next.start();
    }
  };
  return {
    async process(input) {
      let start!: () => void;
      const turn = new Promise<void>((resolve) => {
        start = resolve;
      });
      const place: { pixels: number | null; start: () => void } = { pixels: null, start };
      const queuedAt = performance.now();
      queue.push(place);
      let pixels: number;
      try {
        pixels = decodedPixels(await readPhotoHeader(input));
      } catch (error) {
        queue.splice(queue.indexOf(place), 1);
        admit();
        throw error;
      }
      place.pixels = pixels;
      admit();
      await turn;
      const startedAt = performance.now();
      let outcome: 'ok' | 'error' = 'error';
      try {
        const decoded = await decode(input);
        outcome = 'ok';
        return decoded;
      } finally {
        observer?.decoded((startedAt - queuedAt) / 1000, (performance.now() - startedAt) / 1000, outcome);
        active -= 1;
        pixelsInUse -= pixels;
        admit();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

interface PhotoHeader {
  format: string;
  width: number;
  height: number;
}

/**
 * Reads the header (no pixels are decoded) and refuses other types and images over the pixel limit
 * before anything is decoded (decompression bombs).
 */
export async function readPhotoHeader(input: Buffer): Promise<PhotoHeader> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not an image we accept');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP and HEIC photos are accepted');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_UPLOAD_PIXELS || width === 0 || height === 0) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The photo has too many pixels');
  }
  return { format: metadata.format, width, height };
}

/**
 * The pixels a decode holds: libvips decodes a JPEG at 1/2, 1/4 or 1/8 of its size when the photo
 * stays at least {@link MAIN_EDGE} px on its longest edge (shrink-on-load); other formats in full.
 */
export function decodedPixels(header: PhotoHeader): number {
  let shrink = 1;
  if (header.format === 'jpeg') {
    const longest = Math.max(header.width, header.height);
    while (shrink < 8 && longest / (shrink * 2) >= MAIN_EDGE) shrink *= 2;
  }
  return Math.ceil((header.width * header.height) / (shrink * shrink));
}

/**
 * Re-encodes an uploaded photo (JPEG for the photo — about 8× faster to encode than WebP at this size —
 * and WebP for the thumbnail): orientation applied (`rotate()`), transparency on white, every
 * metadata block (EXIF, GPS, XMP) dropped, longest edge at most 1600 px, plus a 480 px thumbnail
 * made from the same decoded pixels (one decode for both). Refuses other types and images over the
 * pixel limit before decoding them (decompression bombs).
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  await readPhotoHeader(input);
  return decodePhoto(input);
}

/** The decode and encodes of {@link processPhoto}, for a photo whose header was read and accepted. */
export async function decodePhoto(input: Buffer): Promise<ProcessedPhoto> {
  try {
    // Resizing straight after loading lets libvips shrink JPEGs while decoding them.
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      failOn: 'error',
      sequentialRead: true,
    })
      .rotate()
      .resize({ width: MAIN_EDGE, height: MAIN_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // Baseline, not progressive, and without the second Huffman pass: the same pixels, encoded in
    // 16 ms instead of 230 ms (progressive) or 47 ms (optimised coding) for 1600×1200, for about 6 %
    // more bytes; the thumbnail at WebP effort 2 (17 ms against 31 ms at the default 4). Measured in
    // issue 12, whose target is an upload's p99 under 300 ms.
    // Both encodes at once from the same pixels (two of libuv's threads): the answer waits for the
    // longer of the two, not their sum (decision 050).
    // The thumbnail's pixels are made once: encoded as WebP, and read for the perceptual hashes
    // (decision 069; from 480 px instead of 1600, about 5 ms instead of 30).
    const [main, [thumbnail, hashes]] = await Promise.all([
      sharp(data, pixels).jpeg({ quality: STORED_PHOTO_QUALITY, optimiseCoding: false }).toBuffer(),
      sharp(data, pixels)
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data: small, info: size }) => {
          const raw = { width: size.width, height: size.height, channels: size.channels };
          return Promise.all([
            sharp(small, { raw }).webp({ quality: 70, effort: 2 }).toBuffer(),
            photoHashes(small, raw),
          ]);
        }),
    ]);
    return { main, thumbnail, width: info.width, height: info.height, hashes };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read');
  }
}
