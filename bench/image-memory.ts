// Worst-case photo uploads and the server's memory: 8 at once, three times, of the largest image
// accepted (a 24 MP PNG of 16-bit RGBA, 8 bytes a pixel: no shrink-on-load, every pixel decoded),
// on a fresh server so its peak RSS (VmHWM) is this scenario's alone.
import sharp from 'sharp';
import { makePixelBomb, multipartBody } from '../apps/server/test/images.ts';
import { mintSession, startServer } from '../apps/server/test/spawn-server.ts';
import { memoryOf } from './memory.ts';

export interface ImageMemoryResult {
  image: string;
  concurrent: number;
  rounds: number;
  rssAtStartMiB: number | null;
  peakRssMiB: number | null;
  p50Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
  /** The 6300×6300 PNG the security review used: refused before decoding now. */
  oversizedStatus: number;
}

export async function runImageMemoryBench(): Promise<ImageMemoryResult> {
  const server = await startServer({
    LOG_LEVEL: 'warn',
    UPLOADS_PER_HOUR: '1000000',
    PENDING_UPLOADS_MAX: '1000000',
  });
  try {
    const session = mintSession(server.databaseFile, { kakaoId: '4281937465' });
    const side = 4898; // 4898² = 23,990,404 pixels, just under the 24 MP limit
    const png = await sharp({
      create: { width: side, height: side, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } },
    })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    const upload = async (bytes: Buffer) => {
      const { payload, contentType } = multipartBody('file', 'photo.png', 'image/png', bytes);
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/v1/api/front/common/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': contentType },
        body: payload,
      });
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - started };
    };
    await upload(png); // warm-up: sharp's first use loads libvips' codecs
    const rssAtStart = memoryOf(server.pid)?.rssMiB ?? null;
    const concurrent = 8;
    const rounds = 3;
    const results: Array<{ status: number; ms: number }> = [];
    for (let round = 0; round < rounds; round += 1) {
      results.push(...(await Promise.all(Array.from({ length: concurrent }, () => upload(png)))));
    }
    const oversized = await upload(makePixelBomb(6300));
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    return {
      image: `${side}×${side} 16-bit RGBA PNG (${Math.round(png.length / 1024)} KB, ${((side * side) / 1e6).toFixed(1)} MP)`,
      concurrent,
      rounds,
      rssAtStartMiB: rssAtStart,
      peakRssMiB: memoryOf(server.pid)?.peakRssMiB ?? null,
      p50Ms: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times.at(-1)!),
      statuses,
      oversizedStatus: oversized.status,
    };
  } finally {
    await server.stop();
  }
}
