import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';
import { makeJpeg } from '../../../test/images.ts';

describe.each(testDatabaseTargets())('unused uploads on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, { now: '2026-11-20T03:00:00.000Z' });
  });
  afterAll(() => t.close());

  it('purges photos no certification took after a day, and keeps the used ones', async () => {
    const [mission] = await createMissions(t.db, 1);
    const me = await createUser(t.db);
    await joinMissionRound(t.db, me, mission!);
    const headers = await sessionHeadersFor(t.app, me);
    const used = await t.app.services.files.upload(me, await makeJpeg());
    const unused = await t.app.services.files.upload(me, await makeJpeg());
    const certified = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '', fileIds: [used.fileId] },
      headers,
    );
    expect(certified.statusCode).toBe(200);

    t.clock.advance(23 * 60 * 60 * 1000);
    expect(await t.app.services.files.purgeUnusedUploads()).toBe(0);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await t.app.services.files.purgeUnusedUploads()).toBe(1);

    expect((await t.app.inject({ method: 'GET', url: unused.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unused.thumbnailUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);
    const rows = await t.db.selectFrom('files').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual([used.fileId]);
  });

  it("answers a hidden certification's photos 404 at once, and lets no shared cache keep any photo (issue 46 L4)", async () => {
    const [mission] = await createMissions(t.db, 1);
    const me = await createUser(t.db);
    await joinMissionRound(t.db, me, mission!);
    const photo = await t.app.services.files.upload(me, await makeJpeg());
    const certified = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '', fileIds: [photo.fileId] },
      await sessionHeadersFor(t.app, me),
    );
    const certificationId = Number(certified.json().response.certificationId);
    const shown = await t.app.inject({ method: 'GET', url: photo.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: photo.url,
      headers: { 'if-none-match': String(shown.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    await t.app.services.certificationOversight.hide(certificationId, '운영 정책 위반');
    for (const url of [photo.url, photo.thumbnailUrl]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      const revalidated = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(shown.headers.etag) },
      });
      expect(revalidated.statusCode, url).toBe(404);
    }
    await t.app.services.certificationOversight.show(certificationId);
    expect((await t.app.inject({ method: 'GET', url: photo.thumbnailUrl })).statusCode).toBe(200);
  });
});
