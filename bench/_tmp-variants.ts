import sharp from 'sharp';
import { PerformanceObserver } from 'node:perf_hooks';
import { makeJpeg } from '../apps/server/test/images.ts';
import { decodePhoto } from '../apps/server/src/modules/files/photo-processing.ts';
const input = await makeJpeg({ width: 1600, height: 1200 });
let gcMs = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });
async function cloneVariant(buf: Buffer) {
  const base = sharp(buf, { failOn: 'error', sequentialRead: true }).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).toColourspace('srgb');
  const [main, thumbnail] = await Promise.all([
    base.clone().jpeg({ quality: 82, optimiseCoding: false }).toBuffer({ resolveWithObject: true }),
    base.clone().resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true }).webp({ quality: 70, effort: 2 }).toBuffer(),
  ]);
  return { main: main.data, thumbnail };
}
async function fromMainVariant(buf: Buffer) {
  const main = await sharp(buf, { failOn: 'error', sequentialRead: true }).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality: 82, optimiseCoding: false }).toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(main.data).resize({ width: 480, height: 480, fit: 'inside' }).webp({ quality: 70, effort: 2 }).toBuffer();
  return { main: main.data, thumbnail };
}
const variants: Record<string, (b: Buffer) => Promise<unknown>> = { current: decodePhoto, clone: cloneVariant, fromMain: fromMainVariant };
for (let round = 0; round < 3; round++) for (const [name, fn] of Object.entries(variants)) {
  gcMs = 0; const cpu = process.cpuUsage(); const start = performance.now();
  const N = 40; let next = 0;
  await Promise.all([0, 1].map(async () => { while (next < N) { next++; await fn(Buffer.from(input)); } }));
  const used = process.cpuUsage(cpu);
  console.log(name.padEnd(9), 'wall/photo', ((performance.now() - start) / N).toFixed(1), 'cpu/photo', ((used.user + used.system) / 1000 / N).toFixed(1), 'gc ms total', gcMs.toFixed(0));
}
