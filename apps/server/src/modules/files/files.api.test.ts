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
});
