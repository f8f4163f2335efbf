import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../lib/storage.ts';
import { seedCertifiedPhotos } from '../../../test/export-fixtures.ts';
import { createChild, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

const MiB = 1024 * 1024;
const PHOTOS = 1000;
const PHOTO_BYTES = 128 * 1024;

/**
 * A large family (decision 040): 1,000 photos of 128 KiB (125 MiB in all) are exported within a
 * minute, and the process's memory stays flat — its resident size grows by far less than the
 * photos' bytes, which a buffered build would hold at once. SQLite only: the figure is the
 * streaming's, not the database's.
 */
describe('a family export of 1,000 photos', () => {
  let t: TestContext;
  let parent: number;
  beforeAll(async () => {
    t = await createTestContext({ name: 'sqlite' });
    parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `big${parent}`, 'kid-pass-1234');
    // 2 people × 25 days × 10 missions × 2 photos.
    const seeded = await seedCertifiedPhotos(t.db, createLocalDiskStorage(t.uploadDir), {
      people: [parent, child],
      missions: 10,
      days: 25,
      photosPerCertification: 2,
      photoBytes: () => PHOTO_BYTES,
    });
    expect(seeded.photos.size).toBe(PHOTOS);
  });
  afterAll(() => t.close());

  it('builds the whole export with flat memory (its time printed, not asserted: issue 43)', async () => {
    await t.app.services.exports.request({ userId: parent, userType: 'PARENT' }, null);
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const built = await t.app.services.exportBuilds.buildQueued();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = process.memoryUsage().rss;
    peak = Math.max(peak, after);

    const latest = (await t.app.services.exports.latest(parent))!;
    expect(built).toBe(1);
    expect(latest).toMatchObject({ status: 'done', progress: PHOTOS, total: PHOTOS });
    const zipBytes = fs.statSync(path.join(t.uploadDir, 'exports', `${latest.exportId}.zip`)).size;
    expect(zipBytes).toBeGreaterThan(PHOTOS * PHOTO_BYTES);

    const figures = {
      photos: PHOTOS,
      photoMiB: Math.round((PHOTOS * PHOTO_BYTES) / MiB),
      zipMiB: Math.round(zipBytes / MiB),
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMiB: Math.round(before / MiB),
      rssPeakMiB: Math.round(peak / MiB),
      rssAfterMiB: Math.round(after / MiB),
    };
    console.info(`family export figures: ${JSON.stringify(figures)}`);
    // Buffered, the photos alone would add 125 MiB; streamed, the growth stays a fraction of that.
    expect(peak - before).toBeLessThan(48 * MiB);
  });
});
