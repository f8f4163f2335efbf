import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/**
 * Challenges, rounds and missions in the console (issue 9, content). The harness's Seoul day is
 * 2026-11-20.
 */
describe.each(testDatabaseTargets())('challenges in the console on $name', (target) => {
  const t = useTestContext(target);
  let content: OperatorSessionHeaders;
  let parent: Record<string, string>;
  const admin = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: content.headers,
      payload: body as object,
    });
  const audits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;
  const roundRows = async () => (await t.db.selectFrom('sub_challenges').select('id').execute()).length;
  const missions = [
    { title: '하루 물 여섯 잔', description: '물을 여섯 잔 마셔요.', icon: '💧', proofType: 'PHOTO' },
    { title: '저녁 스트레칭', icon: '🧘', proofType: 'TEXT', sort: 2 },
  ];
  const round = (challengeId: string, overrides: Record<string, unknown> = {}) => ({
    challengeId,
    title: '겨울 걷기 1기',
    recruitStart: '2026-11-20',
    recruitEnd: '2026-11-30',
    startDate: '2026-12-01',
    endDate: '2026-12-21',
    maxUser: 8,
    paidRewardAmount: 3000,
    trafficRewardMb: 500,
    missions,
    ...overrides,
  });
  let challengeId: string;

  beforeAll(async () => {
    content = await signedInOperator(t, 'content');
    parent = await sessionHeadersFor(t.app, await createUser(t.db));
    const made = await admin('challenges/create', {
      challengeType: 'challenge',
      title: '겨울 걷기 챌린지',
      description: '가족과 함께 겨울에도 걸어요.',
    });
    expect(made.statusCode).toBe(200);
    challengeId = made.json().response.challengeId;
  });

  it('creates a round with its missions that the app lists on /challenge at once, audited once', async () => {
    const before = await audits();
    const res = await admin('rounds/create', round(challengeId));
    expect(res.statusCode).toBe(200);
    const made = res.json().response;
    expect(made).toMatchObject({
      round: 1,
      state: 'recruiting',
      maxUser: 8,
      teams: 0,
      paidRewardUnit: 'POINT',
    });
    expect(made.missions.map((m: { title: string }) => m.title)).toEqual([
      '하루 물 여섯 잔',
      '저녁 스트레칭',
    ]);
    expect(await audits()).toBe(before + 1);

    const app = await callEndpoint(t.app, 'team/challenge-type', {}, parent);
    const card = app
      .json()
      .response.rounds.find((r: { subChallengeId: string }) => r.subChallengeId === made.subChallengeId);
    expect(card).toMatchObject({ title: '겨울 걷기 1기', state: 'recruiting', maxUser: 8 });
    expect(card.missions).toHaveLength(2);

    const list = (await admin('challenges/list', {})).json().response.items;
    expect(list[0]).toMatchObject({
      title: '겨울 걷기 챌린지',
      rounds: [{ subChallengeId: made.subChallengeId }],
    });
  });

  it('refuses impossible and overlapping periods with the failing fields, storing nothing', async () => {
    const rows = await roundRows();
    const audited = await audits();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ recruitEnd: '2026-11-19' }, ['recruitEnd']],
      [{ startDate: '2026-11-30' }, ['startDate']],
      [{ endDate: '2026-11-30' }, ['endDate']],
      [{ recruitStart: '2026-11-19', recruitEnd: '2026-11-19' }, ['recruitStart']],
      [{ endDate: null }, ['endDate']],
      // Round 1 runs 12-01..12-21: a round running 12-21..12-31 shares a day.
      [{ startDate: '2026-12-21', endDate: '2026-12-31' }, ['startDate']],
      [{ paidRewardUnit: 'GIFT', paidRewardItem: '' }, ['paidRewardItem']],
      [{ missions: [] }, ['missions']],
      [{ maxUser: 1 }, ['maxUser']],
    ];
    for (const [overrides, fields] of cases) {
      const res = await admin('rounds/create', round(challengeId, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toEqual(fields);
    }
    const overlap = await admin(
      'rounds/create',
      round(challengeId, { startDate: '2026-12-21', endDate: '2026-12-31' }),
    );
    expect(overlap.json().error.fields[0]).toMatchObject({ path: 'startDate', code: 'TAKEN' });
    expect(await roundRows()).toBe(rows);
    expect(await audits()).toBe(audited);
    // The next round, after the first: number 2.
    const next = await admin(
      'rounds/create',
      round(challengeId, { title: '겨울 걷기 2기', startDate: '2026-12-22', endDate: '2027-01-11' }),
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().response.round).toBe(2);
  });

  it('guards a running round: missions can be added, not deleted; its start is fixed; capacity stays above its teams', async () => {
    const {
      subChallengeId,
      challengeId: runningChallenge,
      missionIds,
    } = await createRound(t.db, {
      recruitStart: '2026-11-01',
      recruitEnd: '2026-11-10',
      startDate: '2026-11-15',
      endDate: '2026-12-05',
      maxUser: 6,
    });
    const manager = await createUser(t.db);
    await createTeam(t.db, {
      subChallengeId,
      managerId: manager,
      members: [{ userId: await createUser(t.db) }, { userId: await createUser(t.db) }],
    });
    const id = String(subChallengeId);
    const audited = await audits();
    const removed = await admin('missions/delete', { missionId: String(missionIds[0]) });
    expect(removed.statusCode).toBe(409);
    const added = await admin('missions/create', {
      subChallengeId: id,
      title: '감사 한 줄',
      icon: '✍️',
      proofType: 'TEXT',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().response.missions).toHaveLength(3);
    const proof = await admin('missions/update', {
      missionId: String(missionIds[1]),
      title: '미션 2',
      icon: '✅',
      proofType: 'PHOTO',
    });
    expect(proof.statusCode).toBe(400);
    expect(proof.json().error.fields[0].path).toBe('proofType');

    const body = {
      subChallengeId: id,
      title: '연장된 기수',
      recruitStart: '2026-11-01',
      recruitEnd: '2026-11-10',
      startDate: '2026-11-15',
      endDate: '2026-12-05',
      maxUser: 6,
    };
    const moved = await admin('rounds/update', { ...body, startDate: '2026-11-16' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['startDate']);
    const tooSmall = await admin('rounds/update', { ...body, maxUser: 2 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['maxUser']);
    const extended = await admin('rounds/update', { ...body, endDate: '2026-12-12', maxUser: 8 });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().response).toMatchObject({
      endDate: '2026-12-12',
      maxUser: 8,
      largestTeam: 3,
      teams: 1,
    });
    expect(await admin('rounds/delete', { subChallengeId: id }).then((r) => r.statusCode)).toBe(409);
    // Two changes went through: the added mission and the extension.
    expect(await audits()).toBe(audited + 2);
    expect(runningChallenge).toBeGreaterThan(0);
  });

  it('deletes a round that has not begun and has no team, and an upcoming mission, but never the last one', async () => {
    const made = (
      await admin(
        'rounds/create',
        round(challengeId, {
          title: '겨울 걷기 3기',
          recruitStart: '2027-01-01',
          recruitEnd: '2027-01-10',
          startDate: '2027-01-12',
          endDate: '2027-02-01',
        }),
      )
    ).json().response;
    expect(made.state).toBe('upcoming');
    const [first, second] = made.missions;
    const less = await admin('missions/delete', { missionId: first.missionId });
    expect(less.statusCode).toBe(200);
    expect(less.json().response.missions.map((m: { missionId: string }) => m.missionId)).toEqual([
      second.missionId,
    ]);
    expect((await admin('missions/delete', { missionId: second.missionId })).statusCode).toBe(409);
    expect((await admin('rounds/delete', { subChallengeId: made.subChallengeId })).statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('missions')
        .where('sub_challenge_id', '=', Number(made.subChallengeId))
        .select('id')
        .execute(),
    ).toEqual([]);
  });

  it('keeps an always round endless and answers 404 for unknown ids', async () => {
    const always = (await admin('challenges/create', { challengeType: 'always', title: '상시 습관' })).json()
      .response;
    const ended = await admin('rounds/create', round(always.challengeId));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.fields[0].path).toBe('endDate');
    const open = await admin(
      'rounds/create',
      round(always.challengeId, { endDate: null, startDate: '2026-12-01' }),
    );
    expect(open.statusCode).toBe(200);
    // A second open-ended round of the same program overlaps the first for ever.
    const again = await admin(
      'rounds/create',
      round(always.challengeId, { endDate: null, startDate: '2027-06-01' }),
    );
    expect(again.statusCode).toBe(400);
    expect(
      (await admin('rounds/update', { ...round(challengeId), subChallengeId: '999999' })).statusCode,
    ).toBe(404);
    expect((await admin('missions/delete', { missionId: '999999' })).statusCode).toBe(404);
    expect((await admin('challenges/update', { challengeId: '999999', title: '없음' })).statusCode).toBe(404);
  });
});
