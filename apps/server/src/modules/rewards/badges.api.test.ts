import {
  missionCertificationEndpoint,
  deleteMissionCertificationEndpoint,
} from '@hamkke/contract/home/missions';
import { teamMemberChallengeEndpoint, teamRankChallengeEndpoint } from '@hamkke/contract/team/team-read';
import {
  achievedBadgeCountEndpoint,
  activityBadgesEndpoint,
  badgeStatusEndpoint,
  firstBadgeEndpoint,
  newBadgesEndpoint,
} from '@hamkke/contract/user/badges';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBadgeRules } from '../../db/seed/badge-rules.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { certify, createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/** Badges earned in the transaction that earns them, once; scores kept right by every certification. */
describe.each(testDatabaseTargets())('badges and kept scores on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    await seedBadgeRules(t.db);
  });

  /** A running round (from 11-18) of `missions` text missions and a team with `people` in it. */
  async function runningTeam(missions: number, people = 1) {
    const round = await createRound(t.db, {
      recruitStart: '2026-11-01',
      recruitEnd: '2026-11-17',
      startDate: '2026-11-18',
      endDate: '2026-12-08',
      missions,
    });
    const ids = await Promise.all(Array.from({ length: people }, () => createUser(t.db)));
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: ids[0]!,
      members: ids.slice(1).map((userId) => ({ userId })),
    });
    return { round, ids, teamId };
  }

  const certifyNow = async (userId: number, missionId: number) =>
    callTyped(
      t.app,
      missionCertificationEndpoint,
      { missionId: String(missionId), contentHtml: '<p>했어요</p>' },
      await sessionHeadersFor(t.app, userId),
    );

  it('grants a badge once when 20 concurrent certifications each cross its threshold', async () => {
    const { round, ids } = await runningTeam(20);
    const [me] = ids;
    // Nine before today (11-18, 11-19): the tenth, whichever lands first, reaches "인증 10회".
    for (const missionId of round.missionIds.slice(0, 5)) await certify(t.db, me!, missionId, '2026-11-18');
    for (const missionId of round.missionIds.slice(0, 4)) await certify(t.db, me!, missionId, '2026-11-19');
    const results = await Promise.all(round.missionIds.map((missionId) => certifyNow(me!, missionId)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db
      .selectFrom('user_badges as ub')
      .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
      .select(['r.kind', 'r.threshold'])
      .where('ub.user_id', '=', me!)
      .execute();
    const names = rows.map((row) => `${row.kind}:${row.threshold}`).sort();
    // Each once: the first certification, 10 in all, a 3-day streak (18, 19, 20); not 50 in all.
    expect(names).toEqual(['CERTIFICATION_COUNT:10', 'FIRST_CERTIFICATION:1', 'STREAK:3']);
    const headers = await sessionHeadersFor(t.app, me!);
    expect((await callTyped(t.app, achievedBadgeCountEndpoint, {}, headers)).response).toEqual({
      count: 3,
      total: 13,
    });
    // The member's kept score is the 29 certifications of the round.
    const member = await t.db
      .selectFrom('team_members')
      .select('cert_count')
      .where('user_id', '=', me!)
      .executeTakeFirstOrThrow();
    expect(member.cert_count).toBe(29);
  });

  it('answers a new badge once, as new, then never again', async () => {
    const { round, ids } = await runningTeam(1);
    const headers = await sessionHeadersFor(t.app, ids[0]!);
    await certifyNow(ids[0]!, round.missionIds[0]!);
    const fresh = (await callTyped(t.app, newBadgesEndpoint, {}, headers)).response.badges;
    expect(fresh.map((badge) => [badge.kind, badge.seen])).toEqual([['FIRST_CERTIFICATION', false]]);
    // Answered once: asking again (another tab, a reload) does not pop it up again.
    expect((await callTyped(t.app, newBadgesEndpoint, {}, headers)).response.badges).toEqual([]);
    // The popup's report of what it showed is still taken, and changes nothing.
    const after = await callTyped(t.app, newBadgesEndpoint, { seen: [fresh[0]!.badgeId] }, headers);
    expect(after.response.badges).toEqual([]);
    const first = (await callTyped(t.app, firstBadgeEndpoint, {}, headers)).response.badge;
    expect(first).toMatchObject({ kind: 'FIRST_CERTIFICATION', seen: true });
  });

  it('gives each new badge to one of 10 concurrent calls only (issue 26: a badge pops up once)', async () => {
    const { round, ids } = await runningTeam(2);
    const headers = await sessionHeadersFor(t.app, ids[0]!);
    await certifyNow(ids[0]!, round.missionIds[0]!);
    await certifyNow(ids[0]!, round.missionIds[1]!);
    const earned = await t.db
      .selectFrom('user_badges')
      .select('badge_id')
      .where('user_id', '=', ids[0]!)
      .execute();
    expect(earned.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callTyped(t.app, newBadgesEndpoint, {}, headers)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const answered = answers.flatMap((answer) => answer.response.badges.map((badge) => badge.badgeId));
    // Every badge answered, each exactly once.
    expect([...answered].sort()).toEqual(earned.map((row) => String(row.badge_id)).sort());
  });

  it('reports progress toward every badge and the streak', async () => {
    const { round, ids } = await runningTeam(1);
    const me = ids[0]!;
    await certify(t.db, me, round.missionIds[0]!, '2026-11-18');
    await certify(t.db, me, round.missionIds[0]!, '2026-11-19');
    const headers = await sessionHeadersFor(t.app, me);
    const status = (await callTyped(t.app, badgeStatusEndpoint, {}, headers)).response;
    expect(status.streak).toEqual({ current: 2, longest: 2, lastDay: '2026-11-19' });
    const byName = new Map(status.badges.map((badge) => [badge.name, badge]));
    expect(byName.get('3일 연속')).toMatchObject({ achieved: false, progress: { current: 2, target: 3 } });
    expect(byName.get('인증 10회')).toMatchObject({ achieved: false, progress: { current: 2, target: 10 } });
    expect(byName.get('첫 팀')).toMatchObject({ achieved: false, progress: { current: 1, target: 1 } });
    expect(status.badges).toHaveLength(13);
    const activity = (await callTyped(t.app, activityBadgesEndpoint, {}, headers)).response;
    expect(activity).toMatchObject({ totalCertifications: 2, achievedCount: 0, totalBadges: 13 });
  });

  it('keeps team scores equal to a recount through certifications and same-day deletions', async () => {
    const { round, ids, teamId } = await runningTeam(3, 3);
    const [a, b, c] = ids as [number, number, number];
    await certify(t.db, c, round.missionIds[0]!, '2026-11-19');
    const made = [];
    for (const [userId, missionIndex] of [
      [a, 0],
      [a, 1],
      [b, 0],
      [a, 2],
      [b, 1],
    ] as const) {
      t.clock.advance(1000);
      made.push({ userId, res: await certifyNow(userId, round.missionIds[missionIndex]!) });
    }
    // a deletes one of today's: scores go down and the tie-break time moves back.
    const deleted = made[3]!;
    const del = await callTyped(
      t.app,
      deleteMissionCertificationEndpoint,
      { certificationId: deleted.res.response.certificationId },
      await sessionHeadersFor(t.app, a),
    );
    expect(del.statusCode).toBe(200);
    const kept = async () => {
      const members = await t.db
        .selectFrom('team_members')
        .select(['user_id', 'cert_count', 'last_cert_at'])
        .where('team_id', '=', teamId)
        .orderBy('user_id')
        .execute();
      const team = await t.db
        .selectFrom('teams')
        .select(['cert_count', 'member_days_base', 'day_count', 'day_count_on'])
        .where('id', '=', teamId)
        .executeTakeFirstOrThrow();
      return { members, team };
    };
    const live = await kept();
    expect(Object.fromEntries(live.members.map((row) => [row.user_id, row.cert_count]))).toEqual({
      [a]: 2,
      [b]: 2,
      [c]: 1,
    });
    expect(live.team).toMatchObject({ cert_count: 5, day_count: 4, day_count_on: '2026-11-20' });
    await t.app.services.recountTeamScores('2026-11-20');
    expect(await kept()).toEqual(live);

    // The ranking reads them: a and b have 2 and share the first place (a, who got there first, is
    // listed first; decision 026), c 1; today's change shows.
    const headers = await sessionHeadersFor(t.app, c);
    const members = (
      await callTyped(
        t.app,
        teamMemberChallengeEndpoint,
        { teamId: await teamPublicId(t.db, teamId) },
        headers,
      )
    ).response.members;
    expect(
      members.map((m) => [Number(m.userId), m.certifications, m.rank, m.rankChange, m.todayCertified]),
    ).toEqual([
      [a, 2, 1, 1, 2],
      [b, 2, 1, 1, 2],
      [c, 1, 3, -2, 0],
    ]);
    const ranks = (
      await callTyped(t.app, teamRankChallengeEndpoint, { teamId: await teamPublicId(t.db, teamId) }, headers)
    ).response;
    // 5 of 3 members × 3 missions × 3 days.
    expect(ranks.mine).toMatchObject({
      teamId: await teamPublicId(t.db, teamId),
      rate: Math.round((5 / 27) * 1000) / 1000,
      isMine: true,
    });
    expect(ranks.final).toBe(false);
  });
});
