import {
  teamDetailWithMissionEndpoint,
  teamMemberAlwaysEndpoint,
  teamMemberChallengeEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/team/team-read';
import { randomBytes } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  addMember,
  certify,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callTyped, createTestContext, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { recountScores } from './team-scores.repository.ts';
import { epochDay } from './team-view.ts';

/** The harness clock's Seoul day (2026-11-20T03:00Z is noon in Seoul). */
const TODAY = '2026-11-20';

/**
 * Issue 30 item 3: the team pages read their members with today's counts in one query and the
 * ranking from its kept standings. What each answer says is pinned here: today's change, the caller's
 * own row, hidden certifications and other rounds' missions not counted, an always team counting
 * only what a member made after joining, and the caller's team below the top places.
 */
describe.each(testDatabaseTargets())('what the team pages read on $name', (target) => {
  const t = useTestContext(target, { now: `${TODAY}T03:00:00.000Z` });

  /** A certification written directly, at a given instant, hidden by an operator or not. */
  async function certifyAt(userId: number, missionId: number, createdAt: string, hidden = false) {
    await t.db
      .insertInto('mission_certifications')
      .values({
        user_id: userId,
        mission_id: missionId,
        certified_on: TODAY,
        content_html: '<p>했어요</p>',
        created_at: createdAt,
        hidden_at: hidden ? `${TODAY}T02:30:00.000Z` : null,
        hidden_reason: hidden ? '운영 정책' : null,
      })
      .execute();
    await recountScores(t.db, TODAY);
  }

  it("counts today's certifications per member, without hidden ones or other rounds' missions", async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 2 });
    const otherRound = await createRound(t.db, {
      startDate: '2026-11-18',
      endDate: '2026-12-08',
      missions: 1,
    });
    const [early, busy, quiet] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: early!,
      members: [{ userId: busy! }, { userId: quiet! }],
    });
    // early: one yesterday; busy: both missions today; quiet: a hidden one today and another round's.
    await certify(t.db, early!, round.missionIds[0]!, '2026-11-19');
    await certify(t.db, busy!, round.missionIds[0]!, TODAY);
    await certify(t.db, busy!, round.missionIds[1]!, TODAY);
    await certifyAt(quiet!, round.missionIds[0]!, `${TODAY}T02:00:00.000Z`, true);
    await certify(t.db, quiet!, otherRound.missionIds[0]!, TODAY);

    const body = { teamId: await teamPublicId(t.db, teamId) };
    const members = (
      await callTyped(t.app, teamMemberChallengeEndpoint, body, await sessionHeadersFor(t.app, quiet!))
    ).response.members;
    expect(
      members.map((member) => [
        member.userId,
        member.certifications,
        member.todayCertified,
        member.todayMissionCount,
        member.rank,
        member.rankChange,
        member.isMe,
      ]),
    ).toEqual([
      // busy passes early today (2nd → 1st); quiet shared 2nd with busy before today, now 3rd.
      [String(busy), 2, 2, 2, 1, 1, false],
      [String(early), 1, 0, 2, 2, -1, false],
      [String(quiet), 0, 0, 2, 3, -1, true],
    ]);

    const detail = (
      await callTyped(t.app, teamDetailWithMissionEndpoint, body, await sessionHeadersFor(t.app, early!))
    ).response;
    expect(detail.me.role).toBe('MANAGER');
    expect(detail.team.teamId).toBe(body.teamId);
    expect(detail.progress.today).toEqual({ certified: 2, possible: 6 });
    expect(detail.progress.round.certified).toBe(3);
    const today = Object.fromEntries(
      detail.families.flatMap((family) => family.members).map((m) => [m.userId, m.todayCertified]),
    );
    expect(today).toEqual({ [String(early)]: 0, [String(busy)]: 2, [String(quiet)]: 0 });
  });

  it('counts in an always team only what a member made after joining, today too', async () => {
    const round = await createRound(t.db, { type: 'always', startDate: '2026-11-01', missions: 2 });
    const [manager, newcomer] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const teamId = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: manager! });
    await addMember(t.db, { teamId, userId: newcomer!, joinedAt: `${TODAY}T01:30:00.000Z` });
    // One made before joining (01:00), one after (02:00): only the second counts.
    await certifyAt(newcomer!, round.missionIds[0]!, `${TODAY}T01:00:00.000Z`);
    await certifyAt(newcomer!, round.missionIds[1]!, `${TODAY}T02:00:00.000Z`);

    const members = (
      await callTyped(
        t.app,
        teamMemberAlwaysEndpoint,
        { teamId: await teamPublicId(t.db, teamId) },
        await sessionHeadersFor(t.app, manager!),
      )
    ).response.members;
    const newcomerRow = members.find((member) => member.userId === String(newcomer));
    expect([newcomerRow?.certifications, newcomerRow?.todayCertified, newcomerRow?.rank]).toEqual([1, 1, 1]);
  });
});

/** The same answer whether the round's ranking is computed for each reader or kept for a while. */
describe.each(
  testDatabaseTargets().flatMap((target) =>
    ['0', '60000'].map((cacheMs) => ({ target, cacheMs, name: target.name })),
  ),
)('the team ranking on $name with RANKING_CACHE_MS=$cacheMs', ({ target, cacheMs }) => {
  it("answers the first 100 rows of a shared place and the caller's team below them as its own row", async () => {
    const t = await createTestContext(target, {
      now: `${TODAY}T03:00:00.000Z`,
      config: { RANKING_CACHE_MS: cacheMs },
    });
    onTestFinished(() => t.close());
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 1 });
    const me = await createUser(t.db);
    const myTeam = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: me });
    // 101 teams of one member, each with one certification: all tied at the first place, above mine.
    const stamp = '2026-11-01T00:00:00.000Z';
    await t.db
      .insertInto('teams')
      .values(
        Array.from({ length: 101 }, (_, index) => ({
          public_id: randomBytes(16).toString('base64url'),
          sub_challenge_id: round.subChallengeId,
          name: `앞선팀${index}`,
          name_key: `앞선팀${index}`,
          description: '',
          emoji: '🌱',
          manager_user_id: me,
          recruiting_open: 0,
          allow_member_invite: 0,
          member_count: 1,
          reserved_seats: 0,
          cert_count: 1,
          member_days_base: epochDay('2026-11-18'),
          day_count: 0,
          day_count_on: TODAY,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();

    const ranking = (
      await callTyped(
        t.app,
        teamRankChallengeEndpoint,
        { teamId: await teamPublicId(t.db, myTeam) },
        await sessionHeadersFor(t.app, me),
      )
    ).response;
    expect(ranking.totalTeams).toBe(102);
    // The first 100 rows: a place shared by more teams than that is listed up to the cut.
    expect(ranking.teams).toHaveLength(100);
    expect(new Set(ranking.teams.map((row) => row.rank))).toEqual(new Set([1]));
    expect(ranking.teams.some((row) => row.isMine)).toBe(false);
    expect(ranking.teams.every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.teamId))).toBe(true);
    expect([ranking.mine.teamId, ranking.mine.rank, ranking.mine.rate, ranking.mine.isMine]).toEqual([
      await teamPublicId(t.db, myTeam),
      102,
      0,
      true,
    ]);
  });
});
