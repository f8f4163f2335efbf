import { achievedBadgesEndpoint, badgeStatusEndpoint } from '@hamkke/contract/user/badges';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { certify, createRound, createTeam, createUser } from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/**
 * The dashboard (any operator) and badge rules (content) in the console (issue 9). The clock is
 * 2026-11-20 12:00 in Seoul, so the window is 10-22 … 11-20; every figure below is counted by hand
 * from the rows this test writes.
 */
describe.each(testDatabaseTargets())('dashboard and badge rules in the console on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  let content: OperatorSessionHeaders;
  const people: Record<string, number> = {};
  const rounds: Record<string, number> = {};

  const admin = (path: string, body: unknown, as: OperatorSessionHeaders) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: as.headers,
      payload: body as object,
    });
  const audits = async (action: string) =>
    (await t.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

  beforeAll(async () => {
    await seedBadgeRules(t.db);
    support = await signedInOperator(t, 'support');
    content = await signedInOperator(t, 'content');
    // Sign-ups on the edges of Seoul days (UTC+9): 14:59:59.999Z is still the day before.
    people.a = await createUser(t.db, { created_at: '2026-11-19T14:59:59.999Z' }); // 11-19
    people.b = await createUser(t.db, { created_at: '2026-11-19T15:00:00.000Z' }); // 11-20
    people.c = await createUser(t.db, { created_at: '2026-10-21T15:00:00Z' }); // 10-22, first day
    people.d = await createUser(t.db, { created_at: '2026-10-21T14:59:59.000Z' }); // 10-21, outside
    people.e = await createUser(t.db); // 11-01
    people.child = await createUser(t.db, {
      user_type: 'CHILD',
      kakao_id: null,
      parent_user_id: people.a,
      created_at: '2026-11-20T01:00:00.000Z', // a child: not a sign-up
    });

    // R1: a running challenge round (11-15 … 11-30), two missions, two teams, threshold 25%.
    const r1 = await createRound(t.db, { startDate: '2026-11-15', endDate: '2026-11-30', missions: 2 });
    rounds.r1 = r1.subChallengeId;
    await t.db
      .updateTable('sub_challenges')
      .set({ reward_threshold_pct: 25 })
      .where('id', '=', r1.subChallengeId)
      .execute();
    await createTeam(t.db, {
      subChallengeId: r1.subChallengeId,
      managerId: people.a,
      members: [{ userId: people.child, familyId: people.a }, { userId: people.b }],
    });
    await createTeam(t.db, { subChallengeId: r1.subChallengeId, managerId: people.c });
    // R2: an ended round (10-20 … 10-24), one mission: still in view (it ended inside the window).
    const r2 = await createRound(t.db, {
      recruitStart: '2026-10-01',
      recruitEnd: '2026-10-19',
      startDate: '2026-10-20',
      endDate: '2026-10-24',
      missions: 1,
    });
    rounds.r2 = r2.subChallengeId;
    await createTeam(t.db, {
      subChallengeId: r2.subChallengeId,
      managerId: people.d,
      members: [{ userId: people.e }],
    });
    // R3: the always program since 11-01, one mission.
    const r3 = await createRound(t.db, {
      type: 'always',
      recruitStart: '2026-10-25',
      recruitEnd: '2026-12-31',
      startDate: '2026-11-01',
      missions: 1,
    });
    rounds.r3 = r3.subChallengeId;
    await createTeam(t.db, { subChallengeId: r3.subChallengeId, managerId: people.b });
    // A round that ended before the window: not shown.
    const old = await createRound(t.db, { startDate: '2026-09-01', endDate: '2026-10-21', missions: 1 });
    rounds.old = old.subChallengeId;

    const [m1, m2] = r1.missionIds as [number, number];
    const [r2m] = r2.missionIds as [number];
    const [r3m] = r3.missionIds as [number];
    for (const [user, mission, day] of [
      [people.d, r2m, '2026-10-20'],
      [people.d, r2m, '2026-10-21'],
      [people.d, r2m, '2026-10-22'],
      [people.e, r2m, '2026-10-22'],
      [people.d, r2m, '2026-10-23'],
      [people.a, m1, '2026-11-15'],
      [people.a, m1, '2026-11-19'],
      [people.a, m2, '2026-11-19'],
      [people.child, m1, '2026-11-19'],
      [people.b, m1, '2026-11-19'],
      [people.c, m1, '2026-11-20'],
      [people.child, m2, '2026-11-20'],
      [people.b, r3m, '2026-11-20'],
    ] as [number, number, string][]) {
      await certify(t.db, user, mission, day);
    }
  });

  it('counts certifications, sign-ups and active families per Seoul day over 30 days', async () => {
    const res = await admin('dashboard/summary', {}, support);
    expect(res.statusCode).toBe(200);
    const { today, days } = res.json().response as {
      today: string;
      days: { day: string; certifications: number; signUps: number; activeFamilies: number }[];
    };
    expect(today).toBe('2026-11-20');
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-10-22');
    expect(days.at(-1)!.day).toBe('2026-11-20');
    const busy = days.filter((d) => d.certifications + d.signUps + d.activeFamilies > 0);
    expect(busy).toEqual([
      { day: '2026-10-22', certifications: 2, signUps: 1, activeFamilies: 2 },
      { day: '2026-10-23', certifications: 1, signUps: 0, activeFamilies: 1 },
      { day: '2026-11-01', certifications: 0, signUps: 1, activeFamilies: 0 },
      { day: '2026-11-15', certifications: 1, signUps: 0, activeFamilies: 1 },
      // a, a, the child (family a), b: two families.
      { day: '2026-11-19', certifications: 4, signUps: 1, activeFamilies: 2 },
      // c, the child (family a), b in the always program: three families.
      { day: '2026-11-20', certifications: 3, signUps: 1, activeFamilies: 3 },
    ]);
  });

  it('counts the active families of the 30 days once each, not once a day (issue 25)', async () => {
    const res = await admin('dashboard/summary', {}, support);
    const { activeFamilies, days } = res.json().response as {
      activeFamilies: number;
      days: { activeFamilies: number }[];
    };
    // d, e (10-22), d (10-23), a (11-15), a + child + b (11-19), c + child + b (11-20): five families.
    expect(activeFamilies).toBe(5);
    expect(days.reduce((sum, day) => sum + day.activeFamilies, 0)).toBe(9);
  });

  it('gives each round in view its teams, completion rate and members on track for the reward', async () => {
    const res = await admin('dashboard/summary', {}, content);
    expect(res.statusCode).toBe(200);
    const shown = (res.json().response.rounds as Record<string, unknown>[]).map((round) => ({
      id: round.subChallengeId,
      state: round.state,
      teams: round.teams,
      members: round.members,
      certified: round.certified,
      possible: round.possible,
      completionRate: round.completionRate,
      onTrack: round.onTrack,
    }));
    expect(shown).toEqual([
      // 2 missions × 6 days (11-15 … 11-20) × 4 members; on track (25% of 12 = 3): a alone.
      {
        id: String(rounds.r1),
        state: 'running',
        teams: 2,
        members: 4,
        certified: 7,
        possible: 48,
        completionRate: 7 / 48,
        onTrack: 1,
      },
      // The always program: 1 mission × 20 days (11-01 … 11-20) × 1 member; no reward close.
      {
        id: String(rounds.r3),
        state: 'running',
        teams: 1,
        members: 1,
        certified: 1,
        possible: 20,
        completionRate: 0.05,
        onTrack: null,
      },
      // 1 mission × 5 days × 2 members; on track (80% of 5 = 4): d alone.
      {
        id: String(rounds.r2),
        state: 'ended',
        teams: 1,
        members: 2,
        certified: 5,
        possible: 10,
        completionRate: 0.5,
        onTrack: 1,
      },
    ]);
  });

  it('lets a content operator rename a rule, audited, and the app shows the new name', async () => {
    const list = await admin('badge-rules/list', {}, content);
    expect(list.statusCode).toBe(200);
    const first = (
      list.json().response.items as { badgeRuleId: string; kind: string; earned: number }[]
    ).find((rule) => rule.kind === 'FIRST_CERTIFICATION')!;
    await t.db
      .insertInto('user_badges')
      .values({
        user_id: people.a!,
        badge_id: Number(first.badgeRuleId),
        achieved_at: '2026-11-15T01:00:00.000Z',
        seen_at: null,
      })
      .execute();
    const before = await audits('badge-rule.update');
    const edited = await admin(
      'badge-rules/update',
      {
        badgeRuleId: first.badgeRuleId,
        name: '첫걸음',
        description: '처음 인증했어요.',
        emoji: '👣',
        threshold: 1,
        sort: 0,
      },
      content,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().response).toMatchObject({
      name: '첫걸음',
      kind: 'FIRST_CERTIFICATION',
      earned: 1,
      active: true,
    });
    expect(await audits('badge-rule.update')).toBe(before + 1);
    const headers = await sessionHeadersFor(t.app, people.a!);
    const status = await callTyped(t.app, badgeStatusEndpoint, {}, headers);
    expect(status.response.badges.find((badge) => badge.badgeId === first.badgeRuleId)).toMatchObject({
      name: '첫걸음',
      emoji: '👣',
      achieved: true,
    });
    const achieved = await callTyped(t.app, achievedBadgesEndpoint, {}, headers);
    expect(achieved.response.badges.map((badge) => badge.name)).toContain('첫걸음');
  });

  it('changes a threshold for future grants only: who earned the badge keeps it', async () => {
    const list = (await admin('badge-rules/list', {}, content)).json().response.items as {
      badgeRuleId: string;
      kind: string;
      threshold: number;
      name: string;
    }[];
    const tenth = list.find((rule) => rule.kind === 'CERTIFICATION_COUNT' && rule.threshold === 10)!;
    await t.db
      .insertInto('user_badges')
      .values({
        user_id: people.b!,
        badge_id: Number(tenth.badgeRuleId),
        achieved_at: '2026-11-19T01:00:00.000Z',
        seen_at: null,
      })
      .execute();
    const raised = await admin(
      'badge-rules/update',
      {
        badgeRuleId: tenth.badgeRuleId,
        name: '인증 12회',
        description: '미션을 12번 인증했어요.',
        emoji: '✋',
        threshold: 12,
        sort: 6,
      },
      content,
    );
    expect(raised.statusCode).toBe(200);
    expect(raised.json().response).toMatchObject({ threshold: 12, earned: 1, kind: 'CERTIFICATION_COUNT' });
    const headers = await sessionHeadersFor(t.app, people.b!);
    const achieved = await callTyped(t.app, achievedBadgesEndpoint, {}, headers);
    expect(achieved.response.badges).toContainEqual(
      expect.objectContaining({ badgeId: tenth.badgeRuleId, name: '인증 12회', threshold: 12 }),
    );
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('summary')
      .where('target', '=', `badge-rule:${tenth.badgeRuleId}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({ before: { threshold: 10 }, after: { threshold: 12 } });
  });

  it('adds a rule of an existing kind, deactivates it, and earned badges stay', async () => {
    const added = await admin(
      'badge-rules/create',
      {
        kind: 'STREAK',
        threshold: 200,
        name: '200일 연속',
        description: '200일 동안 매일 인증했어요.',
        emoji: '🏔️',
        sort: 90,
      },
      content,
    );
    expect(added.statusCode).toBe(200);
    const id = added.json().response.badgeRuleId as string;
    const headers = await sessionHeadersFor(t.app, people.a!);
    const names = async () =>
      (await callTyped(t.app, badgeStatusEndpoint, {}, headers)).response.badges.map((b) => b.name);
    expect(await names()).toContain('200일 연속');

    const off = await admin('badge-rules/set-active', { badgeRuleId: id, active: false }, content);
    expect(off.statusCode).toBe(200);
    expect(off.json().response.active).toBe(false);
    expect(await names()).not.toContain('200일 연속');
    expect(await audits('badge-rule.deactivate')).toBe(1);
    // Still listed in the console, and a repeat changes nothing (no second audit row).
    expect(
      (await admin('badge-rules/set-active', { badgeRuleId: id, active: false }, content)).statusCode,
    ).toBe(200);
    expect(await audits('badge-rule.deactivate')).toBe(1);
    expect(await audits('badge-rule.create')).toBe(1);
  });

  it('refuses bad values with their fields, taken thresholds, and other roles', async () => {
    const bad = await admin(
      'badge-rules/create',
      { kind: 'NEW_KIND', threshold: 0, name: '', description: '설명', emoji: '🙂', sort: 0 },
      content,
    );
    expect(bad.statusCode).toBe(400);
    expect((bad.json().error.fields as { path: string }[]).map((f) => f.path).sort()).toEqual([
      'kind',
      'name',
      'threshold',
    ]);
    const taken = await admin(
      'badge-rules/create',
      { kind: 'STREAK', threshold: 7, name: '일주일', description: '설명', emoji: '🙂', sort: 0 },
      content,
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual([
      expect.objectContaining({ path: 'threshold', code: 'TAKEN' }),
    ]);
    const list = (await admin('badge-rules/list', {}, content)).json().response.items as {
      badgeRuleId: string;
      kind: string;
      threshold: number;
    }[];
    const first = list.find((rule) => rule.kind === 'FIRST_CERTIFICATION')!;
    const oneTime = await admin(
      'badge-rules/update',
      {
        badgeRuleId: first.badgeRuleId,
        name: '첫걸음',
        description: '설명',
        emoji: '👣',
        threshold: 2,
        sort: 0,
      },
      content,
    );
    expect(oneTime.statusCode).toBe(400);
    expect(oneTime.json().error.fields).toEqual([
      expect.objectContaining({ path: 'threshold', code: 'INVALID_VALUE' }),
    ]);
    const streak3 = list.find((rule) => rule.kind === 'STREAK' && rule.threshold === 3)!;
    const clash = await admin(
      'badge-rules/update',
      {
        badgeRuleId: streak3.badgeRuleId,
        name: '3일',
        description: '설명',
        emoji: '🔥',
        threshold: 7,
        sort: 1,
      },
      content,
    );
    expect(clash.statusCode).toBe(400);
    const missing = await admin(
      'badge-rules/update',
      { badgeRuleId: '999999', name: '없음', description: '설명', emoji: '🙂', threshold: 5, sort: 0 },
      content,
    );
    expect(missing.statusCode).toBe(404);
    expect((await admin('badge-rules/list', {}, support)).statusCode).toBe(403);
  });
});
