import { randomUUID } from 'node:crypto';
import { MAX_LATE_CERTIFICATIONS_PER_DAY } from '@hamkke/contract/mission/mission';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { makeJpeg, multipartBody } from '../../../test/images.ts';

/** Sends from the device's offline queue (issue 29 item 3, decision 048). */
describe.each(testDatabaseTargets())('offline certification on $name', (target) => {
  const t = useTestContext(target);
  let missions: number[];

  beforeAll(async () => {
    // The round runs 2026-11-01 to 2026-11-21 (Seoul).
    missions = await createMissions(t.db, MAX_LATE_CERTIFICATIONS_PER_DAY + 1, 'TEXT');
  });
  // 2026-11-20 00:30 in Seoul unless a test moves it.
  beforeEach(() => t.clock.set('2026-11-19T15:30:00.000Z'));

  async function person(alias: string) {
    const id = await createUser(t.db, { alias });
    for (const mission of missions) await joinMissionRound(t.db, id, mission);
    const headers = await sessionHeadersFor(t.app, id);
    const call = (body: object) =>
      callEndpoint(t.app, 'home/mission-certification', { contentHtml: '<p>했어요</p>', ...body }, headers);
    return { id, headers, call };
  }
  const rowsOf = (userId: number) =>
    t.db
      .selectFrom('mission_certifications')
      .select(['id', 'mission_id', 'certified_on', 'made_at', 'idempotency_key'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('answers a repeat of the same key with the first certification, never a second one', async () => {
    const me = await person('같은키');
    const key = randomUUID();
    const first = await me.call({ missionId: String(missions[0]), idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await me.call({ missionId: String(missions[0]), idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().response).toEqual(first.json().response);
    // The same key with another mission or text is no repeat: 409 naming the key (issue 46 L2).
    const other = await me.call({ missionId: String(missions[1]), idempotencyKey: key });
    expect(other.statusCode).toBe(409);
    expect(JSON.stringify(other.json().error)).toContain('idempotencyKey');
    const rewritten = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: key,
      contentHtml: '<p>다른 글</p>',
    });
    expect(rewritten.statusCode).toBe(409);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('stores one certification out of 12 concurrent sends of one key, and answers all of them with it', async () => {
    const me = await person('동시키');
    const key = randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 12 }, () => me.call({ missionId: String(missions[0]), idempotencyKey: key })),
    );
    expect(sends.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(sends.map((res) => res.json().response.certificationId)).size).toBe(1);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it("keeps each person's keys apart", async () => {
    const a = await person('키엄마');
    const b = await person('키아빠');
    const key = randomUUID();
    const mine = await a.call({ missionId: String(missions[0]), idempotencyKey: key });
    const theirs = await b.call({ missionId: String(missions[0]), idempotencyKey: key });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().response.certificationId).not.toBe(mine.json().response.certificationId);
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });

  it('counts a send made yesterday before midnight for yesterday, with its photo', async () => {
    const me = await person('어제인증');
    const photoMission = (await createMissions(t.db, 1, 'PHOTO'))[0]!;
    await joinMissionRound(t.db, me.id, photoMission);
    const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', await makeJpeg());
    const photo = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/front/common/upload',
        headers: { ...me.headers, 'content-type': contentType },
        payload,
      })
    ).json().response.data;
    // Made 2026-11-19 23:50 in Seoul, arriving 40 minutes later on the 20th.
    const madeAt = '2026-11-19T14:50:00.000Z';
    const res = await me.call({
      missionId: String(photoMission),
      fileIds: [photo.fileId],
      idempotencyKey: randomUUID(),
      madeAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.date).toBe('2026-11-19');
    expect(res.json().response.photos).toHaveLength(1);
    expect(await rowsOf(me.id)).toMatchObject([{ certified_on: '2026-11-19', made_at: madeAt }]);
    // Today's missions are still open.
    const today = (await callEndpoint(t.app, 'home/mission-list', {}, me.headers)).json().response;
    expect(today.date).toBe('2026-11-20');
    expect(today.missions.every((m: { certified: boolean }) => !m.certified)).toBe(true);
  });

  it('refuses a send dated before its author joined the team (issue 46 L2)', async () => {
    const me = await person('늦게합류');
    // Joined the round's teams at 00:10 today (Seoul); the send says 23:50 yesterday.
    await t.db
      .updateTable('team_members')
      .set({ joined_at: '2026-11-19T15:10:00.000Z' })
      .where('user_id', '=', me.id)
      .execute();
    const before = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: randomUUID(),
      madeAt: '2026-11-19T14:50:00.000Z',
    });
    expect(before.statusCode).toBe(400);
    expect(JSON.stringify(before.json().error)).toContain('madeAt');
    expect(await rowsOf(me.id)).toEqual([]);
    // Made after joining: counted.
    const after = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: randomUUID(),
      madeAt: '2026-11-19T15:20:00.000Z',
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a send made more than 24 hours ago with a field, and a client time without a key', async () => {
    const me = await person('늦은인증');
    const old = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: randomUUID(),
      madeAt: '2026-11-18T15:00:00.000Z', // 2026-11-19 00:00 in Seoul: yesterday, but 24.5 hours ago
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields).toEqual([
      expect.objectContaining({ path: 'madeAt', code: 'INVALID_VALUE' }),
    ]);
    const noKey = await me.call({ missionId: String(missions[0]), madeAt: '2026-11-19T14:50:00.000Z' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields).toEqual([expect.objectContaining({ path: 'idempotencyKey' })]);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it('counts a device clock running ahead as now', async () => {
    const me = await person('빠른시계');
    const res = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: randomUUID(),
      madeAt: '2026-11-21T03:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.date).toBe('2026-11-20');
  });

  it(`takes at most ${MAX_LATE_CERTIFICATIONS_PER_DAY} late certifications a day`, async () => {
    const me = await person('많이늦음');
    const sends = [];
    for (const mission of missions) {
      sends.push(
        await me.call({
          missionId: String(mission),
          idempotencyKey: randomUUID(),
          madeAt: '2026-11-19T14:00:00.000Z',
        }),
      );
    }
    expect(sends.map((res) => res.statusCode)).toEqual([
      ...Array(MAX_LATE_CERTIFICATIONS_PER_DAY).fill(200),
      429,
    ]);
    // Today's own certification is not limited.
    const today = await me.call({ missionId: String(missions.at(-1)), idempotencyKey: randomUUID() });
    expect(today.statusCode).toBe(200);
  });

  it('refuses a late certification for a round that ended yesterday', async () => {
    t.clock.set('2026-11-21T15:30:00.000Z'); // 2026-11-22 00:30 in Seoul; the round ended on the 21st
    const me = await person('끝난회차');
    const res = await me.call({
      missionId: String(missions[0]),
      idempotencyKey: randomUUID(),
      madeAt: '2026-11-21T14:50:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ path: 'madeAt' })]);
  });
});
