import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../lib/s3-storage.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { seedCertifiedPhotos } from '../../../test/export-fixtures.ts';
import { createChild, createUser } from '../../../test/factories.ts';
import { createTestContext, sessionHeadersFor, type TestContext } from '../../../test/harness.ts';
import { startS3rver } from '../../../test/s3.ts';
import { unzipEntries } from '../../../test/unzip.ts';
import type { ExportData } from './export-album.ts';

const HOUR = 60 * 60 * 1000;

/**
 * A family export with the photos in an S3-compatible bucket (decision 040): photos are streamed
 * from the bucket into the ZIP, the ZIP goes to the bucket under `exports/`, the orphan sweep never
 * takes it, and the purge deletes it once its 24 hours ended.
 */
describe.each(testDatabaseTargets())('family data export with S3 on $name', (target) => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let bucket: ReturnType<typeof createS3Storage>;
  beforeAll(async () => {
    s3 = await startS3rver();
    bucket = createS3Storage(s3.options);
    t = await createTestContext(target, {
      config: {
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint!,
        S3_REGION: s3.options.region,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    bucket.client.destroy();
    await s3.close();
  });

  it('streams the photos from the bucket and keeps the ZIP there for 24 hours', async () => {
    const parent = await createUser(t.db);
    const child = await createChild(t.db, parent, `s3export${parent}`, 'kid-pass-1234');
    const seeded = await seedCertifiedPhotos(t.db, bucket, {
      people: [parent, child],
      missions: 1,
      days: 2,
      photosPerCertification: 2,
      photoBytes: (n) => 2000 + n * 101,
    });
    const asked = await t.app.services.exports.request({ userId: parent, userType: 'PARENT' }, null);
    expect(await t.app.services.exportBuilds.buildQueued()).toBe(1);

    const answer = await t.app.inject({
      method: 'GET',
      url: `/v1/exports/${asked.exportId}`,
      headers: await sessionHeadersFor(t.app, parent),
    });
    expect(answer.statusCode).toBe(200);
    const entries = await unzipEntries(answer.rawPayload);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8')) as ExportData;
    const photos = data.people.flatMap((person) => person.certifications.flatMap((c) => c.photos));
    expect(photos).toHaveLength(seeded.photos.size);
    const files = await t.db.selectFrom('files').select(['id', 'storage_key']).execute();
    for (const photo of photos) {
      const key = files.find((file) => file.id === photo.fileId)!.storage_key;
      const stored = (await bucket.read(key))!;
      expect(photo.bytes).toBe(stored.length);
      expect(entries.get(photo.path)!.equals(stored)).toBe(true);
    }

    // The archive is in the bucket, apart from the photos the orphan sweep lists.
    expect(await bucket.archives.read(`${asked.exportId}.zip`)).not.toBeNull();
    const listed: string[] = [];
    for await (const object of bucket.list()) listed.push(object.key);
    expect(listed.some((key) => key.includes(asked.exportId))).toBe(false);
    t.clock.advance(2 * HOUR);
    await t.app.services.files.purgeUnusedUploads();
    expect(await bucket.archives.read(`${asked.exportId}.zip`)).not.toBeNull();

    t.clock.advance(22 * HOUR);
    expect(await t.app.services.exports.purgeExpired(t.clock.now())).toBe(1);
    expect(await bucket.archives.read(`${asked.exportId}.zip`)).toBeNull();
  });
});
