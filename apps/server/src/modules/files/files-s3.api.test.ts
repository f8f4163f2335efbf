import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';
import { makeJpeg } from '../../../test/images.ts';
import { startS3rver } from '../../../test/s3.ts';
import { createS3Storage } from '../../lib/s3-storage.ts';

/**
 * Photos in an S3-compatible bucket (issue 11 item 1): the app configured with `S3_*` writes,
 * serves and deletes objects on a real S3-protocol server; deleting a certification or a child
 * deletes their objects.
 */
describe.each(testDatabaseTargets())('photos in S3 on $name', (target) => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let bucket: ReturnType<typeof createS3Storage>;
  beforeAll(async () => {
    s3 = await startS3rver();
    bucket = createS3Storage(s3.options);
    t = await createTestContext(target, {
      now: '2026-11-20T03:00:00.000Z',
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

  const keysOf = async (fileId: string) =>
    t.db
      .selectFrom('files')
      .select(['storage_key', 'thumbnail_key'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();

  it('stores a certified photo in the bucket, serves it, and deletes it with the certification', async () => {
    const [mission] = await createMissions(t.db, 1);
    const me = await createUser(t.db);
    await joinMissionRound(t.db, me, mission!);
    const headers = await sessionHeadersFor(t.app, me);
    const photo = await t.app.services.files.upload(me, await makeJpeg());
    const keys = await keysOf(photo.fileId);
    // The objects are in the bucket, not on local disk.
    expect(await bucket.read(keys.storage_key)).not.toBeNull();
    expect(await bucket.read(keys.thumbnail_key)).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');

    const certified = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '', fileIds: [photo.fileId] },
      headers,
    );
    expect(certified.statusCode).toBe(200);
    const removed = await callEndpoint(
      t.app,
      'home/delete-mission-certification',
      { certificationId: certified.json().response.certificationId },
      headers,
    );
    expect(removed.statusCode).toBe(200);
    expect(await bucket.read(keys.storage_key)).toBeNull();
    expect(await bucket.read(keys.thumbnail_key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });

  it("deletes a deleted child's photos from the bucket", async () => {
    const parent = await createUser(t.db);
    await t.db
      .updateTable('users')
      .set({ pin_verified_at: '2026-11-01T00:00:00Z' })
      .where('id', '=', parent)
      .execute();
    const child = await createChild(t.db, parent, `s3kid${parent}`, 'kid-pass-1234');
    const photo = await t.app.services.files.upload(child, await makeJpeg());
    const keys = await keysOf(photo.fileId);
    expect(await bucket.read(keys.storage_key)).not.toBeNull();
    const deleted = await callEndpoint(
      t.app,
      'my/delete-children',
      { childrenUserId: String(child) },
      await sessionHeadersFor(t.app, parent),
    );
    expect(deleted.statusCode).toBe(200);
    expect(await bucket.read(keys.storage_key)).toBeNull();
    expect(await bucket.read(keys.thumbnail_key)).toBeNull();
  });
});
