import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { makeJpeg, makePixelBomb } from '../../../test/images.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  createPhotoProcessor,
  decodedPixels,
  decodePhoto,
  processPhoto,
  type ProcessedPhoto,
} from './photo-processing.ts';

/** A decoder that counts the decodes running at once and the most there ever were. */
function countingDecoder(decode: (input: Buffer) => Promise<ProcessedPhoto> = decodePhoto) {
  const seen = { running: 0, peak: 0, started: [] as Buffer[] };
  return {
    seen,
    decode: async (input: Buffer) => {
      seen.running += 1;
      seen.peak = Math.max(seen.peak, seen.running);
      seen.started.push(input);
      try {
        return await decode(input);
      } finally {
        seen.running -= 1;
      }
    },
  };
}

describe('photo processing', () => {
  it('refuses more than 24 MP before decoding (a 6300×6300 PNG of 154 KB), and takes 23 MP', async () => {
    const refused = await processPhoto(makePixelBomb(6300)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('PAYLOAD_TOO_LARGE');
    const taken = await processPhoto(makePixelBomb(4800));
    expect([taken.width, taken.height]).toEqual([1600, 1600]);
  });

  it('makes the photo and its thumbnail from one decode, in sRGB, transparency on white', async () => {
    const rgba = await sharp({
      create: { width: 2000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const photo = await processPhoto(rgba);
    expect([photo.width, photo.height]).toEqual([1600, 800]);
    const main = await sharp(photo.main).metadata();
    const thumbnail = await sharp(photo.thumbnail).metadata();
    expect([main.format, main.width, main.height]).toEqual(['jpeg', 1600, 800]);
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 480, 240]);
    const { dominant } = await sharp(photo.main).stats();
    // Transparent pixels became white, not black.
    expect(dominant.r).toBeGreaterThan(240);
  });

  it('decodes at most two photos at once; the others wait in order', async () => {
    // Each decode is held until the test lets it finish, so the queue is seen at every step.
    const held: Array<() => void> = [];
    const counter = countingDecoder(
      (input) => new Promise<ProcessedPhoto>((resolve) => held.push(() => resolve(decodePhoto(input)))),
    );
    const processor = createPhotoProcessor(2, undefined, counter.decode);
    const jpeg = await makeJpeg({ width: 1600, height: 1200 });
    const photos: Buffer[] = Array.from({ length: 8 }, () => Buffer.from(jpeg));
    const all = Promise.all(photos.map((photo) => processor.process(photo)));
    expect(processor.waiting + processor.active).toBe(8);
    for (let done = 0; done < 8; done += 1) {
      // Two decode side by side while two or more are left; the rest wait.
      await vi.waitFor(() => {
        expect(counter.seen.running).toBe(Math.min(2, 8 - done));
        expect(processor.waiting).toBe(Math.max(0, 8 - done - 2));
      });
      held.shift()!();
    }
    expect(await all).toHaveLength(8);
    expect(counter.seen.peak).toBe(2);
    expect(processor.active + processor.waiting).toBe(0);
    // First come, first served: the first two are let in together (either may start first), then
    // each freed place goes to the next photo in the order they arrived.
    const order = counter.seen.started.map((photo) => photos.indexOf(photo));
    expect([...order.slice(0, 2)].sort()).toEqual([0, 1]);
    expect(order.slice(2)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('admits decodes by their decoded pixels: two large PNGs one after the other, small JPEGs side by side', async () => {
    const png = await sharp({
      create: { width: 2000, height: 1000, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const jpeg = await makeJpeg({ width: 1600, height: 1200 });
    const peakOf = async (input: Buffer) => {
      // 3 MP at once: one 2 MP PNG at a time; two 1.9 MP JPEGs would pass 3 MP too. The peak is
      // counted as each decode starts, not sampled.
      const counter = countingDecoder();
      const processor = createPhotoProcessor(2, 3_000_000, counter.decode);
      expect(await Promise.all(Array.from({ length: 4 }, () => processor.process(input)))).toHaveLength(4);
      return counter.seen.peak;
    };
    expect(await peakOf(png)).toBe(1);
    expect(await peakOf(jpeg)).toBe(1);
    const small = await makeJpeg({ width: 1200, height: 900 });
    expect(await peakOf(small)).toBe(2);
  });

  it('counts a JPEG at the size libvips decodes it (shrink-on-load), other formats in full', () => {
    // A 12 MP phone photo decodes at half its edges and still has 2016 px for the 1600 px photo.
    expect(decodedPixels({ format: 'jpeg', width: 4032, height: 3024 })).toBe(2016 * 1512);
    expect(decodedPixels({ format: 'jpeg', width: 1600, height: 1200 })).toBe(1600 * 1200);
    // 24 MP: 4898 px → 2449 px (÷2); ÷4 would leave 1224 px, under 1600.
    expect(decodedPixels({ format: 'jpeg', width: 4898, height: 4898 })).toBe(Math.ceil((4898 * 4898) / 4));
    expect(decodedPixels({ format: 'png', width: 4898, height: 4898 })).toBe(4898 * 4898);
    expect(decodedPixels({ format: 'heif', width: 4032, height: 3024 })).toBe(4032 * 3024);
  });

  it('gives up the place of a file that is not an image, so the photos behind it still run', async () => {
    const processor = createPhotoProcessor(1);
    const jpeg = await makeJpeg({ width: 800, height: 600 });
    const [refused, taken] = await Promise.allSettled([
      processor.process(Buffer.from('not an image')),
      processor.process(jpeg),
    ]);
    expect(refused.status === 'rejected' && (refused.reason as AppError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(taken.status === 'fulfilled' && taken.value.width).toBe(800);
    expect(processor.active + processor.waiting).toBe(0);
  });

  it('tells the metrics how long each decode waited for its turn and took, by outcome', async () => {
    const seen: Array<{ wait: number; decode: number; outcome: string }> = [];
    const processor = createPhotoProcessor(1, undefined, undefined, {
      decoded: (wait, decode, outcome) => seen.push({ wait, decode, outcome }),
    });
    const jpeg = await makeJpeg({ width: 800, height: 600 });
    await Promise.all([processor.process(jpeg), processor.process(jpeg)]);
    expect(seen.map((entry) => entry.outcome)).toEqual(['ok', 'ok']);
    expect(seen.every((entry) => entry.decode > 0 && entry.wait >= 0)).toBe(true);
    // The second waited for the first's decode to end.
    expect(seen[1]!.wait).toBeGreaterThanOrEqual(seen[0]!.decode * 0.9);
  });
});
