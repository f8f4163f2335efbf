import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePixelBomb } from '../../../test/images.ts';
import { AppError } from '../../lib/app-error.ts';
import { createPhotoProcessor, processPhoto } from './photo-processing.ts';

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
    const processor = createPhotoProcessor(2);
    const jpeg = await makeJpeg({ width: 1600, height: 1200 });
    let peak = 0;
    const finished: number[] = [];
    const all = Array.from({ length: 8 }, (_, index) =>
      processor.process(jpeg).then(() => finished.push(index)),
    );
    expect(processor.waiting + processor.active).toBe(8);
    while (finished.length < 8) {
      peak = Math.max(peak, processor.active);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(all);
    expect(peak).toBe(2);
    expect(processor.active + processor.waiting).toBe(0);
    // First come, first served: the last to arrive is among the last two to finish.
    expect(finished.slice(-2)).toContain(7);
  });
});
