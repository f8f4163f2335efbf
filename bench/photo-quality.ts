// What a stored photo costs in quality and saves in bytes: the bench's photo (1600×1200 of noise,
// the worst case for JPEG) and a 12 MP photo-like picture (smooth gradients and edges with mild
// noise, as a phone camera's), each through the server's processing; SSIM of the stored photo and
// its thumbnail against the original scaled to their size (8×8 windows, step 4, on luma). The noise's
// thumbnail SSIM says little: noise keeps no structure at 480 px, and two downscalers disagree on it.
import sharp from 'sharp';
import { processPhoto } from '../apps/server/src/modules/files/photo-processing.ts';

export interface PhotoQualityRow {
  photo: string;
  uploadedBytes: number;
  storedBytes: number;
  thumbnailBytes: number;
  storedSize: string;
  savedPercent: number;
  storedSsim: number;
  thumbnailSsim: number;
}

const luma = (input: Buffer, width: number, height: number) =>
  sharp(input).resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer();

/** Mean SSIM of two luma images of `width`×`height` over 8×8 windows, every 4 px. */
export function ssim(a: Buffer, b: Buffer, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let meanA = 0;
      let meanB = 0;
      for (let j = 0; j < 8; j += 1)
        for (let i = 0; i < 8; i += 1) {
          meanA += a[(y + j) * width + x + i]!;
          meanB += b[(y + j) * width + x + i]!;
        }
      meanA /= 64;
      meanB /= 64;
      let varA = 0;
      let varB = 0;
      let cov = 0;
      for (let j = 0; j < 8; j += 1)
        for (let i = 0; i < 8; i += 1) {
          const da = a[(y + j) * width + x + i]! - meanA;
          const db = b[(y + j) * width + x + i]! - meanB;
          varA += da * da;
          varB += db * db;
          cov += da * db;
        }
      varA /= 63;
      varB /= 63;
      cov /= 63;
      sum +=
        ((2 * meanA * meanB + c1) * (2 * cov + c2)) / ((meanA ** 2 + meanB ** 2 + c1) * (varA + varB + c2));
      windows += 1;
    }
  }
  return sum / windows;
}

/** A 4032×3024 JPEG (quality 90) of smooth gradients and edges with mild noise. */
async function photoLike(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 23) - 11;
      raw[at] = clamp(120 + 100 * Math.sin(x / 300) + noise);
      raw[at + 1] = clamp(110 + 90 * Math.cos(y / 250) + noise);
      raw[at + 2] = clamp((((x + y) / 28) % 255) + noise);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function runPhotoQuality(benchPhoto: Buffer): Promise<PhotoQualityRow[]> {
  const rows: PhotoQualityRow[] = [];
  const photos: Array<[string, Buffer]> = [
    ['bench photo (1600×1200 noise)', benchPhoto],
    ['12 MP photo-like (4032×3024)', await photoLike()],
  ];
  for (const [photo, input] of photos) {
    const stored = await processPhoto(input);
    const thumbnail = await sharp(stored.thumbnail).metadata();
    const [w, h] = [stored.width, stored.height];
    const [tw, th] = [thumbnail.width ?? 0, thumbnail.height ?? 0];
    rows.push({
      photo,
      uploadedBytes: input.length,
      storedBytes: stored.main.length,
      thumbnailBytes: stored.thumbnail.length,
      storedSize: `${w}×${h}`,
      savedPercent: Math.round((1 - stored.main.length / input.length) * 100),
      storedSsim: Number(ssim(await luma(input, w, h), await luma(stored.main, w, h), w, h).toFixed(4)),
      thumbnailSsim: Number(
        ssim(await luma(input, tw, th), await luma(stored.thumbnail, tw, th), tw, th).toFixed(4),
      ),
    });
  }
  return rows;
}
