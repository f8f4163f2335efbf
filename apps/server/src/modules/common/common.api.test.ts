import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { certify, createMissions, createUser, joinMissionRound } from '../../../test/factories.ts';
import { commcodeKeysEndpoint } from '@hamkke/contract/common/commcode-keys';
import {
  callEndpoint,
  callTyped,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
  useTestContext,
} from '../../../test/harness.ts';

const post = (t: TestContext, path: string, payload?: object) => callEndpoint(t.app, path, payload);

describe.each(testDatabaseTargets())('common endpoints on $name', (target) => {
  // 2026-11-20 15:30 UTC is already 2026-11-21 00:30 in Seoul.
  const t = useTestContext(target, { now: '2026-11-20T15:30:00.000Z' });

  beforeAll(async () => {
    const [first, second] = await createMissions(t.db, 2);
    const parent = await createUser(t.db);
    const child = await createUser(t.db, { user_type: 'CHILD', kakao_id: null, login_id: 'kid-a' });
    await createUser(t.db, { status: 'WITHDRAWN' });
    await createUser(t.db, { status: 'NEED_AGREEMENT' });
    await certify(t.db, parent, first!, '2026-11-19');
    await certify(t.db, parent, first!, '2026-11-20');
    await certify(t.db, child, first!, '2026-11-20');
    await certify(t.db, parent, first!, '2026-11-21');
    await certify(t.db, parent, second!, '2026-11-21');
    await certify(t.db, child, second!, '2026-11-21');
    await t.db
      .insertInto('common_codes')
      .values([
        { group_key: 'REWARD_TYPE', code: 'TRAFFIC', name: '데이터 보상', sort: 2 },
        { group_key: 'REWARD_TYPE', code: 'PAID', name: '지급 보상', sort: 1 },
        { group_key: 'MEDAL', code: 'GOLD', name: '금메달', sort: 1 },
      ])
      .execute();
  });

  it('counts every certification and only active users, inside the response envelope', async () => {
    const res = await post(t, 'common/total-user-mission', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: { totalMissionCnt: 6, totalUserCnt: 2 } });
  });

  it("counts today's certifications by the Asia/Seoul day, not the UTC day", async () => {
    const res = await post(t, 'common/today-mission-certification-count');
    expect(res.json()).toEqual({ response: 3 });

    t.clock.set('2026-11-20T14:59:59.000Z'); // 23:59:59 on the 20th in Seoul
    expect((await post(t, 'common/today-mission-certification-count')).json()).toEqual({ response: 2 });
    t.clock.set('2026-11-20T15:30:00.000Z');
  });

  it('answers the single counts as plain numbers', async () => {
    expect((await post(t, 'common/total-user-count', {})).json()).toEqual({ response: 2 });
    expect((await post(t, 'common/total-mission-certification-count', {})).json()).toEqual({ response: 6 });
  });

  it('follows new certifications', async () => {
    // Its own database: the counts above stay what beforeAll made, whatever the order.
    const own = await createTestContext(target, { now: '2026-11-20T15:30:00.000Z' });
    try {
      const [mission] = await createMissions(own.db, 1);
      await certify(own.db, await createUser(own.db), mission!, '2026-11-20');
      expect((await post(own, 'common/today-mission-certification-count')).json()).toEqual({ response: 0 });
      await certify(own.db, await createUser(own.db), mission!, '2026-11-21');
      expect((await post(own, 'common/today-mission-certification-count')).json()).toEqual({ response: 1 });
      expect((await post(own, 'common/total-user-mission')).json()).toEqual({
        response: { totalMissionCnt: 2, totalUserCnt: 2 },
      });
    } finally {
      await own.close();
    }
  });

  it('returns common codes by group in sort order, with an empty list for an unknown group', async () => {
    const res = await callTyped(t.app, commcodeKeysEndpoint, { groupKeys: ['REWARD_TYPE', 'NOPE'] });
    expect(res.statusCode).toBe(200);
    expect(res.response).toEqual({
      REWARD_TYPE: [
        { code: 'PAID', name: '지급 보상', sort: 1 },
        { code: 'TRAFFIC', name: '데이터 보상', sort: 2 },
      ],
      NOPE: [],
    });
  });

  it.each([
    [{}, 'groupKeys'],
    [{ groupKeys: [] }, 'groupKeys'],
    [{ groupKeys: ['lower'] }, 'groupKeys.0'],
    [{ groupKeys: 'REWARD_TYPE' }, 'groupKeys'],
  ])('refuses a bad commcode-keys body %j with 400 naming %s', async (payload, field) => {
    const res = await post(t, 'common/commcode-keys', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});

/** The header counts are reused for COUNTS_CACHE_MS per server; a certification here drops them at once. */
describe.each(testDatabaseTargets())('cached header counts on $name', (target) => {
  const t = useTestContext(target, { config: { COUNTS_CACHE_MS: '60000' } });

  it('answers the kept counts to every reader until a certification on this server drops them', async () => {
    const [mission] = (await createMissions(t.db, 1, 'TEXT')) as [number];
    const me = await createUser(t.db);
    await joinMissionRound(t.db, me, mission);
    const read = async () => ({
      header: (await post(t, 'common/total-user-mission', {})).json().response,
      total: (await post(t, 'common/total-mission-certification-count', {})).json().response,
      today: (await post(t, 'common/today-mission-certification-count', {})).json().response,
    });
    const first = await read();
    // Written behind the server's back (another server, say): not seen while the counts are kept.
    await certify(t.db, await createUser(t.db), mission, '2026-11-20');
    expect(await read()).toEqual(first);

    const made = await callEndpoint(
      t.app,
      'home/mission-certification',
      { missionId: String(mission), contentHtml: '<p>오늘도 했어요</p>' },
      await sessionHeadersFor(t.app, me),
    );
    expect(made.statusCode).toBe(200);
    const after = await read();
    // Both certifications now: the one made here and the one written behind its back.
    expect(after.total).toBe(first.total + 2);
    expect(after.today).toBe(first.today + 2);
    expect(after.header).toEqual({
      totalMissionCnt: first.total + 2,
      totalUserCnt: first.header.totalUserCnt + 1,
    });
  });
});
