import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import zlib from 'node:zlib';

/** A real JPEG photo; with `gps`, exiftool writes a GPS block into it (as a phone camera would). */
export async function makeJpeg(
  options: {
    width?: number;
    height?: number;
    gps?: boolean;
    orientation?: number;
    targetBytes?: number;
  } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  // Noise so the JPEG has realistic size (solid colours compress to almost nothing).
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919 + (i >> 8) * 31) & 0xff;
  let jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  if (!options.gps && !options.orientation) return jpeg;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-img-'));
  const file = path.join(dir, 'photo.jpg');
  fs.writeFileSync(file, jpeg);
  const args = ['-overwrite_original', '-q'];
  if (options.gps) {
    args.push('-GPSLatitude=37.5665', '-GPSLatitudeRef=N', '-GPSLongitude=126.9780', '-GPSLongitudeRef=E');
    args.push('-Make=TestPhone', '-Model=HamkkeCam');
  }
  if (options.orientation) args.push(`-Orientation#=${options.orientation}`);
  execFileSync('exiftool', [...args, file]);
  jpeg = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return jpeg;
}

/**
 * A 12 MP phone photo as a camera writes it: 4000×3000 pixels as the sensor reads them, with shapes,
 * gradients and sensor-like noise (about 4 MB at quality 92), and an EXIF orientation tag (6 by default:
 * held upright, so it is shown 3000×4000 once turned).
 */
export async function makePhonePhoto(options: { orientation?: number } = {}): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const circles = Array.from(
    { length: 120 },
    (_, i) =>
      `<circle cx="${(i * 733) % width}" cy="${(i * 461) % height}" r="${40 + ((i * 37) % 260)}" fill="hsl(${(i * 47) % 360},55%,${35 + (i % 5) * 8}%)" opacity="0.7"/>`,
  ).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#f6e3b4"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>${circles}</svg>`,
  );
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 14 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'overlay' }])
    .flatten()
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: options.orientation ?? 6 })
    .toBuffer();
}

/**
 * What a phone sends since decision 050: {@link makePhonePhoto} as the browser's downscale worker
 * makes it, upright, at most `edge` px on its longest side, re-encoded as JPEG at `quality` (about
 * 180 KB, as `bench/photo-upload.ts` measures in Chromium).
 */
export async function makeSentPhoto(edge: number, quality: number): Promise<Buffer> {
  return sharp(await makePhonePhoto())
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer();
}

/** exiftool's reading of a file's tags (all groups), as JSON. */
export function readTags(file: string): Record<string, unknown> {
  const out = execFileSync('exiftool', ['-j', '-G', '-a', file]).toString();
  return (JSON.parse(out) as Array<Record<string, unknown>>)[0] ?? {};
}

/**
 * A real decompression bomb: a valid 1-bit PNG of `side`×`side` pixels (1.6 gigapixels by default)
 * whose zero rows deflate to a few hundred kilobytes.
 */
export function makePixelBomb(side = 40_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file field. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----hamkke${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
