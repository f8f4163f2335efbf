import type { BadgeKind } from '@hamkke/contract/user/badges';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser } from '../../../test/factories.ts';
import { useTestContext } from '../../../test/harness.ts';

const ALL_KINDS: BadgeKind[] = [
  'FIRST_CERTIFICATION',
  'CERTIFICATION_COUNT',
  'STREAK',
  'FIRST_TEAM',
  'FIRST_INVITE_ACCEPTED',
  'CHALLENGE_COMPLETED',
];

/**
 * Set-based badge evaluation (issue 30 item 4, decision 052): for every rule kind it grants exactly
 * what the per-person evaluation grants — people at, above and below each threshold, hidden
 * certifications, withdrawn and suspended people, children, badges already held, inactive rules —
 * and a round's close under concurrent runs grants each badge, medal, reward and push once.
 */
describe.each(testDatabaseTargets())('badges granted set-based on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    await seedBadgeRules(t.db);
    // Thresholds of 2 and 3 beside the seeded 1s, so "exactly at" and "one short" both occur; an
    // inactive rule nobody may get.
    await t.db
      .insertInto('badge_rules')
      .values(
        [
          { kind: 'CERTIFICATION_COUNT' as const, threshold: 3, name: '인증 3회', active: 1 },
          { kind: 'FIRST_TEAM' as const, threshold: 2, name: '팀 2개', active: 1 },
          { kind: 'FIRST_INVITE_ACCEPTED' as const, threshold: 2, name: '초대 2번', active: 1 },
          { kind: 'CHALLENGE_COMPLETED' as const, threshold: 2, name: '완주 2번', active: 1 },
          { kind: 'STREAK' as const, threshold: 2, name: '2일 연속 (꺼짐)', active: 0 },
        ].map((rule, index) => ({
          ...rule,
          description: '',
          emoji: '🧪',
          image_url: null,
          sort: 100 + index,
        })),
      )
      .execute();
  });

  /** Certifications written directly (no events: nothing is granted on the way), `hidden` hidden. */
  async function certifications(userId: number, missionIds: number[], days: string[], hidden: string[] = []) {
    await t.db
      .insertInto('mission_certifications')
      .values(
        days.flatMap((day) =>
          missionIds.map((missionId) => ({
            user_id: userId,
            mission_id: missionId,
            certified_on: day,
            content_html: '<p>했어요</p>',
            created_at: `${day}T01:00:00.000Z`,
            hidden_at: hidden.includes(day) ? '2026-11-19T00:00:00.000Z' : null,
          })),
        ),
      )
      .execute();
  }

  async function badgeReward(
    userId: number,
    teamId: number,
    subChallengeId: number,
    status: 'PAID' | 'CANCELLED',
  ) {
    await t.db
      .insertInto('rewards')
      .values({
        sub_challenge_id: subChallengeId,
        team_id: teamId,
        user_id: userId,
        kind: 'BADGES',
        unit: 'BADGE',
        amount: 1,
        item_name: '완주',
        status,
        rate_permille: 1000,
        granted_at: '2026-11-11T00:00:00.000Z',
        settled_at: null,
        payout_ref: null,
        cancel_reason: null,
      })
      .execute();
  }

  const granted = async (at: string) =>
    (
      await t.db
        .selectFrom('user_badges as ub')
        .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
        .select(['ub.user_id', 'r.name'])
        .where('ub.achieved_at', '=', at)
        .execute()
    )
      .map((row) => `${row.user_id} ${row.name}`)
      .sort();

  it('grants exactly what the per-person evaluation grants, rule kind by rule kind', async () => {
    const one = await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-10', missions: 2 });
    const two = await createRound(t.db, { startDate: '2026-11-01', endDate: '2026-11-10', missions: 1 });
    const [m1, m2] = one.missionIds as [number, number];
    const p = {} as Record<string, number>;
    for (const name of [
      'nothing',
      'oneCert',
      'hiddenOnly',
      'threeOfFourHidden',
      'streak3',
      'streakBroken',
      'streakHiddenMiddle',
      'streakAcrossMonths',
      'tenDays',
      'withdrawn',
      'suspended',
      'alreadyHeld',
      'parent',
      'twoTeams',
      'manager',
      'ownFamilyManager',
      'joiner',
      'inviter',
      'inviter2',
      'invitee1',
      'invitee2',
      'invitee3',
      'completed1',
      'completed2',
      'completedCancelled',
    ])
      p[name] = await createUser(t.db);
    p.child = await createChild(t.db, p.parent!, `kid${p.parent}`, 'kid-pass-1234');
    await t.db.updateTable('users').set({ status: 'WITHDRAWN' }).where('id', '=', p.withdrawn!).execute();
    await t.db
      .updateTable('users')
      .set({ suspended_at: '2026-11-19T00:00:00.000Z' })
      .where('id', '=', p.suspended!)
      .execute();

    // Certifications: counts and streaks, at, above and one short of each threshold.
    await certifications(p.oneCert!, [m1], ['2026-11-01']);
    await certifications(p.hiddenOnly!, [m1], ['2026-11-01'], ['2026-11-01']);
    await certifications(
      p.threeOfFourHidden!,
      [m1],
      ['2026-11-01', '2026-11-03', '2026-11-05', '2026-11-07'],
      ['2026-11-07'],
    );
    await certifications(p.streak3!, [m1], ['2026-11-01', '2026-11-02', '2026-11-03']);
    await certifications(p.streak3!, [m2], ['2026-11-02']); // two on one day: still a 3-day run
    await certifications(p.streakBroken!, [m1, m2], ['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05']);
    await certifications(
      p.streakHiddenMiddle!,
      [m1],
      ['2026-11-01', '2026-11-02', '2026-11-03'],
      ['2026-11-02'],
    );
    await certifications(p.streakAcrossMonths!, [m1], ['2026-10-30', '2026-10-31', '2026-11-01']);
    const tenDays = Array.from({ length: 10 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
    await certifications(p.tenDays!, [m1], tenDays);
    await certifications(p.withdrawn!, [m1], ['2026-11-01']);
    await certifications(p.suspended!, [m1], ['2026-11-01', '2026-11-02', '2026-11-03']);
    await certifications(p.alreadyHeld!, [m1], ['2026-11-01']);
    await certifications(p.child!, [m1], ['2026-11-02']);

    // Teams: a child in its parent's team, someone in two rounds' teams, a manager whose team
    // another family joined (and an accepted invitation to the same family: counted once), a
    // manager with only their own child, an inviter with one accepted (and a pending and a
    // declined) invitation, another with two accepted.
    await createTeam(t.db, {
      subChallengeId: one.subChallengeId,
      managerId: p.parent!,
      members: [{ userId: p.child!, familyId: p.parent! }],
    });
    const inOne = await createTeam(t.db, { subChallengeId: one.subChallengeId, managerId: p.twoTeams! });
    const inTwo = await createTeam(t.db, { subChallengeId: two.subChallengeId, managerId: p.twoTeams! });
    const managed = await createTeam(t.db, {
      subChallengeId: one.subChallengeId,
      managerId: p.manager!,
      members: [{ userId: p.joiner! }],
    });
    const ownKid = await createChild(t.db, p.ownFamilyManager!, `kid${p.ownFamilyManager}`, 'kid-pass-1234');
    await createTeam(t.db, {
      subChallengeId: one.subChallengeId,
      managerId: p.ownFamilyManager!,
      members: [{ userId: ownKid, familyId: p.ownFamilyManager! }],
    });
    const invitation = (
      inviter: number,
      invitee: number,
      teamId: number,
      status: 'ACCEPTED' | 'PENDING' | 'DECLINED',
    ) => ({
      team_id: teamId,
      inviter_user_id: inviter,
      invitee_user_id: invitee,
      status,
      created_at: '2026-11-01T00:00:00.000Z',
      expires_at: '2026-11-08T00:00:00.000Z',
      answered_at: status === 'PENDING' ? null : '2026-11-02T00:00:00.000Z',
    });
    await t.db
      .insertInto('team_invitations')
      .values([
        invitation(p.manager!, p.joiner!, managed, 'ACCEPTED'),
        invitation(p.inviter!, p.invitee1!, inOne, 'ACCEPTED'),
        invitation(p.inviter!, p.invitee2!, inOne, 'PENDING'),
        invitation(p.inviter!, p.invitee3!, inOne, 'DECLINED'),
        invitation(p.inviter2!, p.invitee2!, inTwo, 'ACCEPTED'),
        invitation(p.inviter2!, p.invitee3!, inTwo, 'ACCEPTED'),
      ])
      .execute();

    // Completed rounds: the badges reward of each (a cancelled one does not count).
    await badgeReward(p.completed1!, inOne, one.subChallengeId, 'PAID');
    await badgeReward(p.completed2!, inOne, one.subChallengeId, 'PAID');
    await badgeReward(p.completed2!, inTwo, two.subChallengeId, 'PAID');
    await badgeReward(p.completedCancelled!, inOne, one.subChallengeId, 'PAID');
    await badgeReward(p.completedCancelled!, inTwo, two.subChallengeId, 'CANCELLED');

    // A badge held from before keeps its date, in both evaluations.
    const firstCertification = await t.db
      .selectFrom('badge_rules')
      .select('id')
      .where('kind', '=', 'FIRST_CERTIFICATION')
      .executeTakeFirstOrThrow();
    const heldAt = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('user_badges')
      .values({
        user_id: p.alreadyHeld!,
        badge_id: firstCertification.id,
        achieved_at: heldAt,
        seen_at: heldAt,
      })
      .execute();

    const everyone = Object.values(p);
    const batchAt = '2026-11-20T03:00:00.001Z';
    const newInBatch = await t.app.services.badges.evaluateMany(
      t.db,
      { userIds: everyone },
      ALL_KINDS,
      batchAt,
    );
    const batch = await granted(batchAt);
    expect(newInBatch).toBe(batch.length);
    // Undo, then the per-person evaluation (the reference) on the same data.
    await t.db.deleteFrom('user_badges').where('achieved_at', '=', batchAt).execute();
    const eachAt = '2026-11-20T03:00:00.002Z';
    for (const userId of everyone) await t.app.services.badges.evaluate(t.db, userId, ALL_KINDS, eachAt);
    expect(batch).toEqual((await granted(eachAt)).map((row) => row.replace(eachAt, batchAt)));

    // And by hand, so that agreeing on nothing cannot pass.
    const namesOf = (name: string) =>
      batch
        .filter((row) => row.startsWith(`${p[name]} `))
        .map((row) => row.slice(String(p[name]).length + 1));
    const expected: Record<string, string[]> = {
      nothing: [],
      oneCert: ['첫 인증'],
      hiddenOnly: [],
      threeOfFourHidden: ['첫 인증', '인증 3회'],
      streak3: ['첫 인증', '인증 3회', '3일 연속'],
      streakBroken: ['첫 인증', '인증 3회'],
      streakHiddenMiddle: ['첫 인증'],
      streakAcrossMonths: ['첫 인증', '인증 3회', '3일 연속'],
      tenDays: ['첫 인증', '인증 3회', '인증 10회', '3일 연속', '7일 연속'],
      withdrawn: ['첫 인증'],
      suspended: ['첫 인증', '인증 3회', '3일 연속'],
      alreadyHeld: [],
      parent: ['첫 팀'],
      child: ['첫 인증', '첫 팀'],
      twoTeams: ['첫 팀', '팀 2개'],
      manager: ['첫 팀', '첫 초대 성공'],
      ownFamilyManager: ['첫 팀'],
      joiner: ['첫 팀'],
      inviter: ['첫 초대 성공'],
      inviter2: ['첫 초대 성공', '초대 2번'],
      invitee1: [],
      invitee2: [],
      invitee3: [],
      completed1: ['챌린지 완주'],
      completed2: ['챌린지 완주', '완주 2번'],
      completedCancelled: ['챌린지 완주'],
    };
    for (const [name, badges] of Object.entries(expected))
      expect([name, namesOf(name)]).toEqual([name, badges.sort()]);
    expect(
      await t.db
        .selectFrom('user_badges')
        .select('achieved_at')
        .where('user_id', '=', p.alreadyHeld!)
        .where('badge_id', '=', firstCertification.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ achieved_at: heldAt });

    // The close's form: everyone a round gave its badges reward, named by the round.
    await t.db.deleteFrom('user_badges').where('achieved_at', '=', eachAt).execute();
    await t.app.services.badges.evaluateMany(
      t.db,
      { rewardedInRound: two.subChallengeId },
      ['CHALLENGE_COMPLETED'],
      batchAt,
    );
    expect(await granted(batchAt)).toEqual(
      [
        `${p.completed2} 완주 2번`,
        `${p.completed2} 챌린지 완주`,
        `${p.completedCancelled} 챌린지 완주`,
      ].sort(),
    );
  });

  it('closes a round once under eight concurrent closes: each badge, medal, reward and push once', async () => {
    const round = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      missions: 1,
    });
    const sub = round.subChallengeId;
    const days = Array.from({ length: 10 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
    // Five teams of three (a parent, their child, another parent); member k of team n certifies
    // 10 − (n + k) % 4 days: some at 100%, some exactly at 80%, some below.
    const members: number[] = [];
    for (let team = 0; team < 5; team += 1) {
      const [manager, other] = [await createUser(t.db), await createUser(t.db)];
      const child = await createChild(t.db, manager, `kid${manager}`, 'kid-pass-1234');
      for (const [k, userId] of [manager, child, other].entries()) {
        members.push(userId);
        await certifications(userId, round.missionIds, days.slice(0, 10 - ((team + k) % 4)));
      }
      // Made after the certifications: the factory counts the kept scores from them.
      await createTeam(t.db, {
        subChallengeId: sub,
        managerId: manager,
        members: [{ userId: child, familyId: manager }, { userId: other }],
      });
    }
    // One parent chose no round-results pushes: neither they nor (following them) their child get one.
    const quiet = members[0]!;
    await t.db
      .insertInto('push_preferences')
      .values({
        user_id: quiet,
        daily_yn: 'Y',
        daily_time: '20:00',
        invitation_yn: 'Y',
        team_done_yn: 'Y',
        round_results_yn: 'N',
        updated_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();

    // Every member but one has a browser subscribed; a push is written only for those (decision 060).
    const unsubscribed = members[4]!;
    await t.db
      .insertInto('push_subscriptions')
      .values(
        members
          .filter((userId) => userId !== unsubscribed)
          .map((userId) => ({
            endpoint: `https://push.example/close-${target.name}-${userId}`,
            user_id: userId,
            p256dh: 'p256dh',
            auth: 'auth',
            created_at: '2026-11-01T00:00:00.000Z',
            last_success_at: null,
          })),
      )
      .execute();

    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, index) => t.app.services.roundClose.close(sub, `server-${index}`)),
    );
    const closed = runs.filter((run) => run.closed);
    expect(closed).toHaveLength(1);
    const outcome = closed[0]!;
    expect(outcome).toMatchObject({ teams: 5, members: 15 });

    // Rewarded: at or above 80% (8 of 10 days) — (team + k) % 4 of 0, 1 or 2.
    const rewardedIds = members.filter((_, index) => (Math.floor(index / 3) + (index % 3)) % 4 <= 2);
    expect(outcome.rewarded).toBe(rewardedIds.length);
    const rewards = await t.db
      .selectFrom('rewards')
      .select(['user_id', 'kind'])
      .where('sub_challenge_id', '=', sub)
      .execute();
    expect(
      rewards
        .filter((row) => row.kind === 'BADGES')
        .map((row) => row.user_id)
        .sort(),
    ).toEqual([...rewardedIds].sort());
    const medals = await t.db
      .selectFrom('medals')
      .select('award_key')
      .where('sub_challenge_id', '=', sub)
      .execute();
    expect(medals).toHaveLength(outcome.medals);
    expect(new Set(medals.map((row) => row.award_key)).size).toBe(medals.length);

    // The completion badge: once each, for exactly the rewarded people.
    const completion = await t.db
      .selectFrom('user_badges as ub')
      .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
      .select('ub.user_id')
      .where('r.kind', '=', 'CHALLENGE_COMPLETED')
      .where('r.threshold', '=', 1)
      .where('ub.user_id', 'in', members)
      .execute();
    expect(completion.map((row) => row.user_id).sort()).toEqual([...rewardedIds].sort());

    // "Round results are out": one push per subscribed member, none for the quiet parent and their
    // child (their choice) nor for the member without a subscription.
    const pushes = await t.db
      .selectFrom('push_sends')
      .select('user_id')
      .where('kind', '=', 'roundResults')
      .where('user_id', 'in', members)
      .execute();
    expect(pushes.map((row) => row.user_id).sort()).toEqual(
      members
        .slice(2)
        .filter((userId) => userId !== unsubscribed)
        .sort(),
    );
    expect(
      await t.db
        .selectFrom('round_closes')
        .select('sub_challenge_id')
        .where('sub_challenge_id', '=', sub)
        .execute(),
    ).toHaveLength(1);
  });
});
