import { rewardHistoryEndpoint, rewardNoticeEndpoint } from '@hamkke/contract/reward/rewards';
import {
  teamDetailWithMissionEndpoint,
  teamDetailWithRewardEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/team/team-read';
import { updateMemberEndpoint } from '@hamkke/contract/team/team-manage';
import { achievedBadgesEndpoint, badgeStatusEndpoint } from '@hamkke/contract/user/badges';
import { activityTimelineEndpoint } from '@hamkke/contract/user/timeline';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  addMember,
  certifyMany,
  createChild,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { memberWindow, placeScores } from '../teams/team-view.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/**
 * A round's close (issue 8 item 4): results frozen once, medals to the top three teams and members,
 * rewards to members at or above the threshold, exactly once however often and wherever it runs.
 */
describe.each(testDatabaseTargets())('closing a round on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    await seedBadgeRules(t.db);
  });

  /**
   * An ended round (11-01…11-10, 2 missions: 20 possible each) with four teams. Team A: a1 every
   * day (100%), a2 16 (80%, exactly the threshold), a3 (a2's child) 15 (75%). B: b1 19, b2 none.
   * C: c1 10. D: d1 none. Rates: A 51/60, C 10/20, B 19/40, D 0.
   */
  async function endedRound() {
    const round = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      missions: 2,
    });
    await t.db
      .updateTable('sub_challenges')
      .set({
        paid_reward_amount: 5000,
        paid_reward_unit: 'POINT',
        traffic_reward_mb: 1000,
        reward_threshold_pct: 80,
      })
      .where('id', '=', round.subChallengeId)
      .execute();
    const [a1, a2, b1, b2, c1, d1] = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    const a3 = await createChild(t.db, a2!, `kid${a2}`, 'kid-pass-1234');
    const sub = round.subChallengeId;
    const teamA = await createTeam(t.db, {
      subChallengeId: sub,
      managerId: a1!,
      members: [{ userId: a2! }, { userId: a3, familyId: a2! }],
    });
    const teamB = await createTeam(t.db, { subChallengeId: sub, managerId: b1!, members: [{ userId: b2! }] });
    const teamC = await createTeam(t.db, { subChallengeId: sub, managerId: c1! });
    const teamD = await createTeam(t.db, { subChallengeId: sub, managerId: d1! });
    const days = Array.from({ length: 10 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);
    const slots = days.flatMap((day) => round.missionIds.map((missionId) => ({ day, missionId })));
    const certifyTimes = (userId: number, count: number) =>
      slots.slice(0, count).map((slot) => ({ userId, ...slot }));
    // One insert and one recount: certifying one by one recounts every member of the database each time.
    await certifyMany(t.db, [
      ...certifyTimes(a1!, 20),
      ...certifyTimes(a2!, 16),
      ...certifyTimes(a3, 15),
      ...certifyTimes(b1!, 19),
      ...certifyTimes(c1!, 10),
    ]);
    return {
      sub,
      teams: { teamA, teamB, teamC, teamD },
      people: { a1: a1!, a2: a2!, a3, b1: b1!, b2: b2!, c1: c1!, d1: d1! },
    };
  }

  /** Everything a close writes, in a stable order, for comparing two runs. */
  async function ledger(sub: number) {
    const [rewards, medals, teams, members, closes] = await Promise.all([
      t.db
        .selectFrom('rewards')
        .select(['user_id', 'team_id', 'kind', 'unit', 'amount', 'status', 'rate_permille'])
        .where('sub_challenge_id', '=', sub)
        .orderBy('user_id')
        .orderBy('kind')
        .execute(),
      t.db
        .selectFrom('medals')
        .select(['award_key', 'medal', 'rank'])
        .where('sub_challenge_id', '=', sub)
        .orderBy('award_key')
        .execute(),
      t.db
        .selectFrom('round_team_results')
        .select(['team_id', 'rank', 'certified', 'possible'])
        .where('sub_challenge_id', '=', sub)
        .orderBy('rank')
        .execute(),
      t.db
        .selectFrom('round_member_results')
        .select(['user_id', 'rank', 'certified', 'possible'])
        .where('sub_challenge_id', '=', sub)
        .orderBy('user_id')
        .execute(),
      t.db
        .selectFrom('round_closes')
        .select('sub_challenge_id')
        .where('sub_challenge_id', '=', sub)
        .execute(),
    ]);
    return { rewards, medals, teams, members, closes: closes.length };
  }

  it('freezes standings, grants medals and rewards by the threshold, and announces them', async () => {
    const { sub, teams, people } = await endedRound();
    const outcome = await t.app.services.roundClose.close(sub, 'test');
    expect(outcome).toMatchObject({ closed: true, teams: 4, members: 7 });
    const state = await ledger(sub);
    expect(state.teams.map((row) => [row.team_id, row.rank])).toEqual([
      [teams.teamA, 1],
      [teams.teamC, 2],
      [teams.teamB, 3],
      [teams.teamD, 4],
    ]);
    // Team medals to A, C, B; member medals to A's three and b1 (b2 certified nothing), c1 alone.
    expect(state.medals.map((row) => row.award_key)).toEqual(
      [
        `MEMBER:${sub}:${teams.teamA}:${people.a1}`,
        `MEMBER:${sub}:${teams.teamA}:${people.a2}`,
        `MEMBER:${sub}:${teams.teamA}:${people.a3}`,
        `MEMBER:${sub}:${teams.teamB}:${people.b1}`,
        `MEMBER:${sub}:${teams.teamC}:${people.c1}`,
        `TEAM:${sub}:${teams.teamA}`,
        `TEAM:${sub}:${teams.teamB}`,
        `TEAM:${sub}:${teams.teamC}`,
      ].sort(),
    );
    // 80% gets rewards (a2 at exactly 16/20), 75% does not (a3): a1, a2, b1 × paid, traffic, badges.
    expect([...new Set(state.rewards.map((row) => row.user_id))].sort((x, y) => x - y)).toEqual(
      [people.a1, people.a2, people.b1].sort((x, y) => x - y),
    );
    expect(state.rewards).toHaveLength(9);
    expect(state.rewards.find((row) => row.user_id === people.a2 && row.kind === 'PAID')).toMatchObject({
      amount: 5000,
      unit: 'POINT',
      status: 'PENDING',
      rate_permille: 800,
    });
    // The completion badge came with the badges reward, in the same close.
    const a1Badges = await callTyped(
      t.app,
      achievedBadgesEndpoint,
      {},
      await sessionHeadersFor(t.app, people.a1),
    );
    expect(a1Badges.response.badges.map((badge) => badge.kind)).toContain('CHALLENGE_COMPLETED');

    // The ranking now answers the frozen results with medals.
    const ranks = await callTyped(
      t.app,
      teamRankChallengeEndpoint,
      { teamId: await teamPublicId(t.db, teams.teamB) },
      await sessionHeadersFor(t.app, people.b2),
    );
    expect(ranks.response.final).toBe(true);
    expect(ranks.response.teams.map((team) => [team.rank, team.medal])).toEqual([
      [1, 'GOLD'],
      [2, 'SILVER'],
      [3, 'BRONZE'],
      [4, null],
    ]);
    expect(ranks.response.mine).toMatchObject({
      teamId: await teamPublicId(t.db, teams.teamB),
      rank: 3,
      isMine: true,
    });

    // The results page of team A for a2: the team's place, a2's and a3's rewards, medals.
    const detail = await callTyped(
      t.app,
      teamDetailWithRewardEndpoint,
      { teamId: await teamPublicId(t.db, teams.teamA) },
      await sessionHeadersFor(t.app, people.a2),
    );
    expect(detail.response).toMatchObject({
      closed: true,
      teamRank: 1,
      teamCount: 4,
      completionRate: 0.85,
      rewardThreshold: 0.8,
    });
    expect(detail.response.rewards.map((reward) => reward.userId)).toEqual(Array(3).fill(String(people.a2)));
    expect(detail.response.medals.map((medal) => medal.scope).sort()).toEqual([
      'MEMBER',
      'MEMBER',
      'MEMBER',
      'TEAM',
    ]);

    // The reward notice waits on /home for every member, and closing it keeps it closed.
    const a1Headers = await sessionHeadersFor(t.app, people.a1);
    const notice = (await callTyped(t.app, rewardNoticeEndpoint, {}, a1Headers)).response.notice;
    expect(notice).toMatchObject({
      teamId: await teamPublicId(t.db, teams.teamA),
      teamRank: 1,
      memberRank: 1,
      completionRate: 1,
      rewardNoticeDisplayYn: 'Y',
    });
    expect(notice!.medals.sort()).toEqual(['GOLD', 'GOLD']);
    expect(notice!.rewards.map((reward) => reward.kind).sort()).toEqual(['BADGES', 'PAID', 'TRAFFIC']);
    // Failure path: someone else's membership is not found, and the notice stays.
    const otherMbr = await t.db
      .selectFrom('team_members')
      .select('id')
      .where('user_id', '=', people.b1)
      .executeTakeFirstOrThrow();
    const refused = await callTyped(
      t.app,
      updateMemberEndpoint,
      {
        teamId: await teamPublicId(t.db, teams.teamA),
        teamMbrId: String(otherMbr.id),
        rewardNoticeDisplayYn: 'N',
      },
      a1Headers,
    );
    expect(refused.statusCode).toBe(404);
    expect((await callTyped(t.app, rewardNoticeEndpoint, {}, a1Headers)).response.notice).not.toBeNull();
    const closed = await callTyped(
      t.app,
      updateMemberEndpoint,
      {
        teamId: await teamPublicId(t.db, teams.teamA),
        teamMbrId: notice!.teamMbrId,
        rewardNoticeDisplayYn: 'N',
      },
      a1Headers,
    );
    expect(closed.statusCode).toBe(200);
    expect((await callTyped(t.app, rewardNoticeEndpoint, {}, a1Headers)).response.notice).toBeNull();

    // a2's history holds a2's rewards and lists the child's (none) with totals; the timeline shows them.
    const a2Headers = await sessionHeadersFor(t.app, people.a2);
    const history = (await callTyped(t.app, rewardHistoryEndpoint, {}, a2Headers)).response;
    expect(history.items).toHaveLength(3);
    expect(history.totals).toEqual(
      expect.arrayContaining([
        { kind: 'PAID', unit: 'POINT', amount: 5000, count: 1, paidAmount: 0, paidCount: 0 },
        { kind: 'TRAFFIC', unit: 'MB', amount: 1000, count: 1, paidAmount: 0, paidCount: 0 },
      ]),
    );
    expect(
      history.medals.some((medal) => medal.scope === 'MEMBER' && medal.userId === String(people.a3)),
    ).toBe(true);
    const timeline = (await callTyped(t.app, activityTimelineEndpoint, { limit: 50 }, a2Headers)).response;
    // Spec §7: the client reads `data` (decision 002).
    expect(Object.keys(timeline).sort()).toEqual(['data', 'hasMore']);
    const kinds = new Set(timeline.data.map((item) => item.kind));
    expect([...kinds].sort()).toEqual(['BADGE', 'CERTIFICATION', 'MEDAL', 'REWARD', 'TEAM_JOIN']);
    const times = timeline.data.map((item) => item.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('grants nothing twice: run again, and twice at once, the ledgers are identical', async () => {
    const { sub } = await endedRound();
    const first = await t.app.services.roundClose.close(sub, 'server-a');
    expect(first.closed).toBe(true);
    const once = await ledger(sub);
    expect((await t.app.services.roundClose.close(sub, 'server-a')).closed).toBe(false);
    expect(await t.app.services.roundClose.closeDue('2026-11-20', 'server-b')).not.toContainEqual(
      expect.objectContaining({ subChallengeId: sub, closed: true }),
    );
    expect(await ledger(sub)).toEqual(once);

    // Two servers close a second round at the same moment: one does it, the other finds it done.
    const second = await endedRound();
    const runs = await Promise.all([
      t.app.services.roundClose.close(second.sub, 'server-a'),
      t.app.services.roundClose.close(second.sub, 'server-b'),
      t.app.services.roundClose.close(second.sub, 'server-c'),
    ]);
    expect(runs.filter((run) => run.closed)).toHaveLength(1);
    const concurrent = await ledger(second.sub);
    expect(concurrent.closes).toBe(1);
    expect(concurrent.rewards).toHaveLength(9);
    expect(concurrent.medals).toHaveLength(8);
    // Even with the claim gone (a repair re-run), the unique keys keep every grant single.
    await t.db.deleteFrom('round_closes').where('sub_challenge_id', '=', second.sub).execute();
    expect((await t.app.services.roundClose.close(second.sub, 'repair')).closed).toBe(true);
    expect(await ledger(second.sub)).toEqual(concurrent);
  });

  it('ranks a team the close never saw (made afterwards, by hand) live instead of failing', async () => {
    const { sub } = await endedRound();
    expect((await t.app.services.roundClose.close(sub, 'server-a')).closed).toBe(true);
    const late = await createUser(t.db);
    const lateTeam = await createTeam(t.db, { subChallengeId: sub, managerId: late });
    const res = await callTyped(
      t.app,
      teamRankChallengeEndpoint,
      { teamId: await teamPublicId(t.db, lateTeam) },
      await sessionHeadersFor(t.app, late),
    );
    expect(res.statusCode).toBe(200);
    expect(res.response.mine.teamId).toBe(await teamPublicId(t.db, lateTeam));
    expect(res.response.totalTeams).toBe(5);
  });

  /** The frozen member rows of a round, by user: place, certified, possible. */
  async function frozenMembers(sub: number) {
    const rows = await t.db
      .selectFrom('round_member_results')
      .select(['user_id', 'rank', 'certified', 'possible'])
      .where('sub_challenge_id', '=', sub)
      .execute();
    return new Map(rows.map((row) => [row.user_id, [row.rank, row.certified, row.possible]]));
  }

  it('freezes members as placeScores places them: equal counts share a place, whoever got there first', async () => {
    const round = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      missions: 2,
    });
    const sub = round.subChallengeId;
    const [p1, p2, p3, p4, p5, q1] = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    const team = await createTeam(t.db, {
      subChallengeId: sub,
      managerId: p1!,
      members: [{ userId: p2! }, { userId: p3! }, { userId: p4! }, { userId: p5! }],
    });
    const other = await createTeam(t.db, { subChallengeId: sub, managerId: q1! });
    const [m1, m2] = round.missionIds as [number, number];
    // p2 reaches 3 first (11-02), p1 and p3 on 11-05: three at 3 share place 1; p4 1 → 4; p5 none → 5.
    await certifyMany(t.db, [
      { userId: p2!, missionId: m1, day: '2026-11-01' },
      { userId: p2!, missionId: m2, day: '2026-11-01' },
      { userId: p2!, missionId: m1, day: '2026-11-02' },
      { userId: p1!, missionId: m1, day: '2026-11-03' },
      { userId: p1!, missionId: m2, day: '2026-11-04' },
      { userId: p1!, missionId: m1, day: '2026-11-05' },
      { userId: p3!, missionId: m1, day: '2026-11-01' },
      { userId: p3!, missionId: m2, day: '2026-11-03' },
      { userId: p3!, missionId: m2, day: '2026-11-05' },
      { userId: p4!, missionId: m1, day: '2026-11-09' },
      { userId: q1!, missionId: m1, day: '2026-11-10' },
    ]);
    const outcome = await t.app.services.roundClose.close(sub, 'test');
    // Team medals to both teams, member medals to the three at place 1 and q1 (p4's place 4 has none).
    expect(outcome).toMatchObject({ closed: true, teams: 2, members: 6, medals: 6, rewarded: 0 });
    const frozen = await frozenMembers(sub);
    expect(Object.fromEntries(frozen)).toEqual({
      [p1!]: [1, 3, 20],
      [p2!]: [1, 3, 20],
      [p3!]: [1, 3, 20],
      [p4!]: [4, 1, 20],
      [p5!]: [5, 0, 20],
      [q1!]: [1, 1, 20],
    });
    // The same places as the JavaScript reference, from the kept counters in join order.
    for (const teamId of [team, other]) {
      const members = await t.db
        .selectFrom('team_members')
        .select(['user_id', 'cert_count', 'last_cert_at'])
        .where('team_id', '=', teamId)
        .orderBy('joined_at')
        .orderBy('id')
        .execute();
      const placed = placeScores(
        members.map((member, order) => ({
          member,
          order,
          score: { count: member.cert_count, lastAt: member.last_cert_at },
        })),
      );
      for (const { entry, rank } of placed) expect(frozen.get(entry.member.user_id)?.[0]).toBe(rank);
    }
  });

  it("freezes an always round's possible from each member's Seoul day of joining", async () => {
    const round = await createRound(t.db, {
      type: 'always',
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-11-10',
      missions: 2,
    });
    const sub = round.subChallengeId;
    const [manager, early, lateEvening, pastMidnight, afterEnd] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.db)),
    );
    const team = await createTeam(t.db, { subChallengeId: sub, managerId: manager! });
    const joined = {
      [early!]: '2026-10-20T00:00:00.000Z', // before the start: all 10 days
      [lateEvening!]: '2026-11-03T14:59:59.000Z', // Seoul 11-03 23:59: 8 days
      [pastMidnight!]: '2026-11-03T15:00:00.000Z', // Seoul 11-04 00:00: 7 days
      [afterEnd!]: '2026-11-10T15:30:00.000Z', // Seoul 11-11: none
    };
    for (const [userId, joinedAt] of Object.entries(joined))
      await addMember(t.db, { teamId: team, userId: Number(userId), joinedAt });
    expect((await t.app.services.roundClose.close(sub, 'test')).closed).toBe(true);
    const frozen = await frozenMembers(sub);
    const possible = (userId: number) => frozen.get(userId)?.[2];
    expect([manager!, early!, lateEvening!, pastMidnight!, afterEnd!].map(possible)).toEqual([
      20, 20, 16, 14, 0,
    ]);
    // As memberWindow counts them.
    const window = { challenge_type: 'always' as const, start_date: '2026-11-01', end_date: '2026-11-10' };
    for (const [userId, joinedAt] of Object.entries(joined))
      expect(possible(Number(userId))).toBe((memberWindow(window, joinedAt, '2026-11-10')?.days ?? 0) * 2);
  });

  it("shows every frozen member's reward notice from the close, until they close it, without writing their rows", async () => {
    const { sub, teams, people } = await endedRound();
    const teamA = await teamPublicId(t.db, teams.teamA);
    const headersOf = (userId: number) => sessionHeadersFor(t.app, userId);
    const noticeOf = async (userId: number) =>
      (await callTyped(t.app, rewardNoticeEndpoint, {}, await headersOf(userId))).response.notice;
    const flagOf = async (userId: number) =>
      (await callTyped(t.app, teamDetailWithMissionEndpoint, { teamId: teamA }, await headersOf(userId)))
        .response.me.rewardNoticeDisplayYn;
    const setFlag = async (userId: number, value: 'Y' | 'N') => {
      const member = await t.db
        .selectFrom('team_members')
        .select('id')
        .where('user_id', '=', userId)
        .where('sub_challenge_id', '=', sub)
        .executeTakeFirstOrThrow();
      const res = await callTyped(
        t.app,
        updateMemberEndpoint,
        { teamId: teamA, teamMbrId: String(member.id), rewardNoticeDisplayYn: value },
        await headersOf(userId),
      );
      expect(res.statusCode).toBe(200);
    };
    // Before the close: the flag as set, and no notice even when set to 'Y' by hand.
    await setFlag(people.a2, 'Y');
    expect(await flagOf(people.a2)).toBe('Y');
    expect(await noticeOf(people.a2)).toBeNull();
    await setFlag(people.a1, 'N');
    const rowsBefore = await t.db
      .selectFrom('team_members')
      .select(['id', 'reward_notice_display_yn', 'reward_notice_set_at'])
      .where('sub_challenge_id', '=', sub)
      .orderBy('id')
      .execute();

    t.clock.set('2026-11-20T04:00:00.000Z');
    expect((await t.app.services.roundClose.close(sub, 'test')).closed).toBe(true);
    // The close writes no member row, and everyone it froze sees the notice, a1's earlier 'N' too.
    expect(
      await t.db
        .selectFrom('team_members')
        .select(['id', 'reward_notice_display_yn', 'reward_notice_set_at'])
        .where('sub_challenge_id', '=', sub)
        .orderBy('id')
        .execute(),
    ).toEqual(rowsBefore);
    for (const userId of [people.a1, people.a2, people.a3, people.d1]) {
      expect((await noticeOf(userId))?.teamId).toBeDefined();
    }
    expect(await flagOf(people.a1)).toBe('Y');
    // Closing it after the close keeps it closed; another member's stays.
    t.clock.set('2026-11-20T05:00:00.000Z');
    await setFlag(people.a1, 'N');
    expect(await noticeOf(people.a1)).toBeNull();
    expect(await flagOf(people.a1)).toBe('N');
    expect(await noticeOf(people.a2)).not.toBeNull();
    // A member the close never saw (added by hand afterwards) has none.
    const late = await createUser(t.db);
    await addMember(t.db, { teamId: teams.teamD, userId: late });
    expect(await noticeOf(late)).toBeNull();
    // A repair close (the claim gone, run later) shows it again, as writing every flag did.
    await t.db.deleteFrom('round_closes').where('sub_challenge_id', '=', sub).execute();
    t.clock.set('2026-11-20T06:00:00.000Z');
    expect((await t.app.services.roundClose.close(sub, 'repair')).closed).toBe(true);
    expect(await noticeOf(people.a1)).not.toBeNull();
    t.clock.set('2026-11-20T03:00:00.000Z');
  });

  it('never closes a round before its last day is over', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-10', endDate: '2026-11-20' });
    expect((await t.app.services.roundClose.close(round.subChallengeId, 'early')).closed).toBe(false);
    expect(
      await t.db
        .selectFrom('round_closes')
        .selectAll()
        .where('sub_challenge_id', '=', round.subChallengeId)
        .execute(),
    ).toEqual([]);
  });

  it("keeps another family's rewards, badges and results from a stranger", async () => {
    const { teams, people } = await endedRound();
    const stranger = await createUser(t.db);
    const headers = await sessionHeadersFor(t.app, stranger);
    expect((await callTyped(t.app, rewardHistoryEndpoint, {}, headers)).response.items).toEqual([]);
    for (const endpoint of [achievedBadgesEndpoint, badgeStatusEndpoint]) {
      const res = await callTyped(t.app, endpoint, { userId: String(people.a1) }, headers);
      expect(res.statusCode).toBe(404);
    }
    const timeline = await callTyped(t.app, activityTimelineEndpoint, { userId: String(people.a3) }, headers);
    expect(timeline.statusCode).toBe(404);
    const detail = await callTyped(
      t.app,
      teamDetailWithRewardEndpoint,
      { teamId: await teamPublicId(t.db, teams.teamA) },
      headers,
    );
    expect(detail.statusCode).toBe(404);
    // A parent may read their own child's badges.
    const parent = await callTyped(
      t.app,
      achievedBadgesEndpoint,
      { userId: String(people.a3) },
      await sessionHeadersFor(t.app, people.a2),
    );
    expect(parent.statusCode).toBe(200);
  });
});
