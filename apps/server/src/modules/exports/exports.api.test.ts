import { exportStatusEndpoint, requestExportEndpoint } from '@hamkke/contract/my/export';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../lib/storage.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { seedCertifiedPhotos } from '../../../test/export-fixtures.ts';
import { createChild, createUser } from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { unzipEntries } from '../../../test/unzip.ts';
import type { ExportData } from './export-album.ts';

const HOUR = 60 * 60 * 1000;

/** Issue 32 item 3, decision 040: a family's data, built by the job, downloaded by its requester. */
describe.each(testDatabaseTargets())('family data export on $name', (target) => {
  const t = useTestContext(target);
  let parent: number;
  let child: number;
  let stranger: number;
  let parentHeaders: Record<string, string>;
  let seeded: Awaited<ReturnType<typeof seedCertifiedPhotos>>;
  beforeAll(async () => {
    parent = await createUser(t.db, { name: '김엄마', alias: '엄마' });
    child = await createChild(t.db, parent, `export${parent}`, 'kid-pass-1234');
    stranger = await createUser(t.db);
    await createChild(t.db, stranger, `other${stranger}`, 'kid-pass-1234');
    parentHeaders = await sessionHeadersFor(t.app, parent);
    // 2 people × 3 days × 2 missions × 2 photos = 24 photos, each of another size.
    seeded = await seedCertifiedPhotos(t.db, createLocalDiskStorage(t.uploadDir), {
      people: [parent, child],
      missions: 2,
      days: 3,
      photosPerCertification: 2,
      photoBytes: (n) => 1000 + n * 37,
    });
    // Someone else's certification must not come along.
    await seedCertifiedPhotos(t.db, createLocalDiskStorage(t.uploadDir), {
      people: [stranger],
      missions: 1,
      days: 1,
      photosPerCertification: 1,
      photoBytes: () => 500,
    });
  });

  const download = (exportId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/v1/exports/${exportId}`, headers });

  it('a child cannot ask: their data is the parent’s to take', async () => {
    const asked = await callTyped(t.app, requestExportEndpoint, {}, await sessionHeadersFor(t.app, child));
    expect(asked.statusCode).toBe(403);
  });

  it('queues one export per family, builds it in the job, and hands the requester the whole album', async () => {
    const first = await callTyped(t.app, requestExportEndpoint, {}, parentHeaders);
    expect(first.statusCode).toBe(200);
    expect(first.response).toMatchObject({ status: 'queued', progress: 0, downloadPath: null });
    // A second request while it waits answers the same export.
    const again = await callTyped(t.app, requestExportEndpoint, {}, parentHeaders);
    expect(again.response.exportId).toBe(first.response.exportId);
    const exportId = first.response.exportId;

    // Not built in the request: only the job builds it.
    expect(await t.app.services.exportBuilds.buildQueued()).toBe(1);
    const status = await callTyped(t.app, exportStatusEndpoint, {}, parentHeaders);
    expect(status.response).toMatchObject({
      exportId,
      status: 'done',
      progress: seeded.photos.size,
      total: seeded.photos.size,
      expiresAt: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      downloadPath: `/v1/exports/${exportId}`,
    });

    const answer = await download(exportId, parentHeaders);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="hamkke-family-.+\.zip"$/);
    const zip = answer.rawPayload;
    expect(zip.length).toBe(status.response!.bytes);
    const entries = await unzipEntries(zip);

    const data = JSON.parse(entries.get('data.json')!.toString('utf8')) as ExportData;
    expect(data.format).toBe('hamkke-family-export');
    expect(data.people.map((person) => [person.userId, person.type])).toEqual([
      [String(parent), 'PARENT'],
      [String(child), 'CHILD'],
    ]);

    // Every certification of the family, as the database holds it; photos match storage byte for byte.
    const rows = await t.db
      .selectFrom('mission_certifications')
      .select(['id', 'user_id', 'certified_on', 'mission_id'])
      .where('user_id', 'in', [parent, child])
      .orderBy('id')
      .execute();
    const exported = data.people.flatMap((person) =>
      person.certifications.map((c) => ({
        id: Number(c.certificationId),
        user_id: Number(person.userId),
        certified_on: c.day,
        mission_id: Number(c.mission.missionId),
      })),
    );
    expect(exported.sort((a, b) => a.id - b.id)).toEqual(rows);
    expect(rows).toHaveLength(seeded.certifications);
    const files = await t.db
      .selectFrom('files')
      .select(['id', 'storage_key', 'certification_id'])
      .where('owner_user_id', 'in', [parent, child])
      .execute();
    const photos = data.people.flatMap((person) => person.certifications.flatMap((c) => c.photos));
    expect(photos).toHaveLength(files.length);
    expect(photos).toHaveLength(24);
    const photoEntries = [...entries.keys()].filter((name) => name.startsWith('photos/'));
    expect(photoEntries).toHaveLength(24);
    for (const photo of photos) {
      const file = files.find((row) => row.id === photo.fileId)!;
      const stored = fs.readFileSync(path.join(t.uploadDir, file.storage_key.slice(0, 2), file.storage_key));
      expect(photo.missing).toBe(false);
      expect(photo.bytes).toBe(stored.length);
      expect(entries.get(photo.path)!.equals(stored)).toBe(true);
    }
    const first2 = data.people[0]!.certifications[0]!;
    expect(first2.text).toBe(`${first2.day} 미션 ${first2.mission.missionId} 했어요 & 좋아요`);

    // The album: Korean, static, each person and day, every photo by its relative path.
    const album = entries.get('index.html')!.toString('utf8');
    expect(album).toContain('<html lang="ko">');
    expect(album).not.toContain('<script');
    expect(album).toContain('김엄마');
    for (const photo of photos) expect(album).toContain(`src="${photo.path}"`);
    for (const c of data.people[1]!.certifications) expect(album).toContain(`<h3>${c.day}</h3>`);

    // Both the request and the download are in the activity log.
    const events = await t.db
      .selectFrom('activity_logs')
      .select(['event_type', 'title'])
      .where('user_id', '=', parent)
      .where('event_type', 'like', 'DATA_EXPORT_%')
      .execute();
    expect(events.map((event) => event.event_type).sort()).toEqual([
      'DATA_EXPORT_DOWNLOAD',
      'DATA_EXPORT_REQUEST',
      'DATA_EXPORT_REQUEST',
    ]);
    expect(new Set(events.map((event) => event.title))).toEqual(new Set([exportId]));
  });

  it('is not found for anyone but its requester', async () => {
    const latest = await t.app.services.exports.latest(parent);
    const other = await download(latest!.exportId, await sessionHeadersFor(t.app, stranger));
    expect(other.statusCode).toBe(404);
    expect((await download('no-such-export', parentHeaders)).statusCode).toBe(404);
    expect((await download(latest!.exportId, {})).statusCode).toBe(401);
    expect(await t.app.services.exports.latest(stranger)).toBeNull();
  });

  it('a new request within 24 hours answers with the ready export, making none (issue 46 L1)', async () => {
    const before = await t.app.services.exports.latest(parent);
    const count = async () =>
      (await t.db.selectFrom('exports').select('id').where('family_user_id', '=', parent).execute()).length;
    const rows = await count();
    for (let again = 0; again < 3; again += 1) {
      const asked = await callTyped(t.app, requestExportEndpoint, {}, parentHeaders);
      expect(asked.response).toMatchObject({ exportId: before!.exportId, status: 'done' });
    }
    expect(await count()).toBe(rows);
  });

  it('starts no export while the kept ones fill the storage quota (503), and does once they end', async () => {
    const other = await createUser(t.db);
    const asOther = await sessionHeadersFor(t.app, other);
    // Other families' kept exports take more than the 5 GiB the exports may take together.
    await t.db
      .insertInto('exports')
      .values(
        [1, 2, 3].map((n) => ({
          id: `quota-${target.name}-${n}`,
          family_user_id: stranger,
          requester_user_id: stranger,
          status: 'done' as const,
          file_key: `quota-${target.name}-${n}.zip`,
          file_bytes: 2 * 1024 * 1024 * 1024 - 1,
          error: null,
          created_at: t.clock.now().toISOString(),
          started_at: null,
          finished_at: t.clock.now().toISOString(),
          expires_at: new Date(t.clock.now().getTime() + HOUR).toISOString(),
        })),
      )
      .execute();
    expect((await callTyped(t.app, requestExportEndpoint, {}, asOther)).statusCode).toBe(503);
    expect(await t.app.services.exports.latest(other)).toBeNull();
    await t.db.deleteFrom('exports').where('id', 'like', `quota-${target.name}-%`).execute();
    const asked = await callTyped(t.app, requestExportEndpoint, {}, asOther);
    expect(asked.response.status).toBe('queued');
    await t.db.deleteFrom('exports').where('family_user_id', '=', other).execute();
  });

  it('after 24 hours the link is gone and the purge deletes the file', async () => {
    const latest = (await t.app.services.exports.latest(parent))!;
    const archive = path.join(t.uploadDir, 'exports', `${latest.exportId}.zip`);
    expect(fs.existsSync(archive)).toBe(true);
    t.clock.advance(24 * HOUR - 1000);
    // Access tokens last less than a day: a fresh sign-in, as the parent would have.
    parentHeaders = await sessionHeadersFor(t.app, parent);
    expect((await download(latest.exportId, parentHeaders)).statusCode).toBe(200);
    expect(await t.app.services.exports.purgeExpired(t.clock.now())).toBe(0);
    t.clock.advance(1000);
    expect((await download(latest.exportId, parentHeaders)).statusCode).toBe(404);
    expect((await t.app.services.exports.latest(parent))!.status).toBe('expired');
    expect(await t.app.services.exports.purgeExpired(t.clock.now())).toBe(1);
    expect(fs.existsSync(archive)).toBe(false);
    expect(fs.readdirSync(path.join(t.uploadDir, 'exports'))).toEqual([]);
    expect((await t.app.services.exports.latest(parent))!).toMatchObject({
      status: 'expired',
      downloadPath: null,
    });
    // A day on, a new request makes a new export.
    const asked = await callTyped(t.app, requestExportEndpoint, {}, parentHeaders);
    expect(asked.response.exportId).not.toBe(latest.exportId);
    expect(asked.response.status).toBe('queued');
    await t.app.services.exportBuilds.buildQueued();
  });

  it('a build left running by a stopped server is built again', async () => {
    const asked = await callTyped(t.app, requestExportEndpoint, {}, parentHeaders);
    await t.db
      .updateTable('exports')
      .set({ status: 'running' })
      .where('id', '=', asked.response.exportId)
      .execute();
    expect(await t.app.services.exportBuilds.buildQueued()).toBe(1);
    expect((await t.app.services.exports.latest(parent))!.status).toBe('done');
  });

  it('goes with the family when the parent withdraws: rows and files', async () => {
    const leaving = await createUser(t.db);
    await createChild(t.db, leaving, `leaving${leaving}`, 'kid-pass-1234');
    const headers = await sessionHeadersFor(t.app, leaving);
    const asked = await callTyped(t.app, requestExportEndpoint, {}, headers);
    await t.app.services.exportBuilds.buildQueued();
    const archive = path.join(t.uploadDir, 'exports', `${asked.response.exportId}.zip`);
    expect(fs.existsSync(archive)).toBe(true);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/v1/api/front/user/withdraw',
      headers,
      payload: {},
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(fs.existsSync(archive)).toBe(false);
    const left = await t.db
      .selectFrom('exports')
      .select('id')
      .where('family_user_id', '=', leaving)
      .execute();
    expect(left).toEqual([]);
  });
});
