import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  addMember,
  certify,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callEndpointAs, useTestContext } from '../../../test/harness.ts';

/** The lists around teams: `/challenge` rounds, my teams and their tabs, my rounds and their results. */
describe.each(testDatabaseTargets())('rounds and team lists on $name', (target) => {
  const t = useTestContext(target); // 2026-11-20 in Seoul.

  const call = async (path: string, body: object, userId: number) =>
    (await callEndpointAs(t.app, path, body, userId)).json().response;

  /** One person in a recruiting, a running, an ended and an always round; an upcoming round beside. */
  async function world() {
    const recruiting = await createRound(t.db);
    const running = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
      endDate: '2026-12-16',
      missions: 2,
    });
    const upcoming = await createRound(t.db, {
      recruitStart: '2026-12-01',
      recruitEnd: '2026-12-10',
      startDate: '2026-12-11',
    });
    const ended = await createRound(t.db, {
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    const always = await createRound(t.db, {
      type: 'always',
      recruitStart: '2026-01-01',
      recruitEnd: '2099-12-31',
      startDate: '2026-01-01',
      missions: 1,
    });
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const teams = {
      recruiting: await createTeam(t.db, { subChallengeId: recruiting.subChallengeId, managerId: other }),
      running: await createTeam(t.db, { subChallengeId: running.subChallengeId, managerId: me }),
      runningOther: await createTeam(t.db, {
        subChallengeId: running.subChallengeId,
        managerId: await createUser(t.db),
        members: [{ userId: await createUser(t.db) }, { userId: await createUser(t.db) }],
      }),
      ended: await createTeam(t.db, { subChallengeId: ended.subChallengeId, managerId: other }),
      always: await createTeam(t.db, { subChallengeId: always.subChallengeId, managerId: other }),
    };
    await addMember(t.db, { teamId: teams.recruiting, userId: me });
    await addMember(t.db, { teamId: teams.ended, userId: me });
    await addMember(t.db, { teamId: teams.always, userId: me, joinedAt: '2026-11-10T00:00:00.000Z' });
    return { recruiting, running, upcoming, ended, always, me, other, teams };
  }

  it('lists recruiting and running rounds with team and member counts and my place', async () => {
    const w = await world();
    const { rounds } = await call('team/challenge-type', {}, w.me);
    const byId = new Map<string, { missions: unknown[] }>(
      rounds.map((round: { subChallengeId: string; missions: unknown[] }) => [round.subChallengeId, round]),
    );
    expect(byId.has(String(w.upcoming.subChallengeId))).toBe(false);
    expect(byId.has(String(w.ended.subChallengeId))).toBe(false);
    expect(byId.get(String(w.recruiting.subChallengeId))).toMatchObject({
      state: 'recruiting',
      teamCount: 1,
      memberCount: 2,
      myTeam: { teamId: await teamPublicId(t.db, w.teams.recruiting), role: 'MEMBER' },
      createTeamBlock: 'ALREADY_IN_TEAM',
    });
    expect(byId.get(String(w.running.subChallengeId))).toMatchObject({
      state: 'running',
      teamCount: 2,
      memberCount: 4,
      myTeam: { teamId: await teamPublicId(t.db, w.teams.running), role: 'MANAGER' },
      createTeamBlock: 'NOT_RECRUITING',
    });
    expect(byId.get(String(w.running.subChallengeId))?.missions).toHaveLength(2);
    const onlyAlways = await call('team/challenge-type', { challengeType: 'always' }, w.me);
    expect(
      onlyAlways.rounds.every((round: { challengeType: string }) => round.challengeType === 'always'),
    ).toBe(true);
    expect(onlyAlways.rounds.map((round: { subChallengeId: string }) => round.subChallengeId)).toContain(
      String(w.always.subChallengeId),
    );
  });

  it('names the membership check only where verifying would let a parent make a team', async () => {
    const w = await world();
    const unverified = await createUser(t.db, { pin_verified_at: null });
    const inAlways = await createUser(t.db, { pin_verified_at: null });
    await addMember(t.db, { teamId: w.teams.always, userId: inAlways });
    const blocks = async (userId: number) => {
      const { rounds } = await call('team/challenge-type', {}, userId);
      return new Map<string, string | null>(
        rounds.map((round: { subChallengeId: string; createTeamBlock: string | null }) => [
          round.subChallengeId,
          round.createTeamBlock,
        ]),
      );
    };
    const mine = await blocks(unverified);
    expect(mine.get(String(w.recruiting.subChallengeId))).toBe('NOT_PIN_USER');
    expect(mine.get(String(w.always.subChallengeId))).toBe('NOT_PIN_USER');
    // A running round takes no new team, verified or not.
    expect(mine.get(String(w.running.subChallengeId))).toBe('NOT_RECRUITING');
    // Already in the always team: verifying would not help.
    expect((await blocks(inAlways)).get(String(w.always.subChallengeId))).toBe('ALREADY_IN_TEAM');
  });

  it('lists my teams by tab, starred ones first', async () => {
    const w = await world();
    const ids = (response: { teams: { teamId: string }[] }) => response.teams.map((team) => team.teamId);
    const before = ids(await call('team/my-teams', {}, w.me));
    expect([...before].sort()).toEqual(
      (
        await Promise.all(
          [w.teams.recruiting, w.teams.running, w.teams.always].map((id) => teamPublicId(t.db, id)),
        )
      ).sort(),
    );
    expect(
      await call(
        'team/favorites-team',
        { teamId: await teamPublicId(t.db, w.teams.always), favorite: true },
        w.me,
      ),
    ).toEqual({
      teamId: await teamPublicId(t.db, w.teams.always),
      favorite: true,
    });
    const starred = await call('team/my-teams', { tab: 'in_progress' }, w.me);
    expect(starred.teams[0]).toMatchObject({
      teamId: await teamPublicId(t.db, w.teams.always),
      favorite: true,
    });
    expect(starred.teams.filter((team: { favorite: boolean }) => team.favorite)).toHaveLength(1);
    const runningId = await teamPublicId(t.db, w.teams.running);
    const running = starred.teams.find((team: { teamId: string }) => team.teamId === runningId);
    expect(running).toMatchObject({ role: 'MANAGER', today: { certified: 0, possible: 2 } });
    expect(ids(await call('team/my-teams', { tab: 'ended' }, w.me))).toEqual([
      await teamPublicId(t.db, w.teams.ended),
    ]);
    // Starring is one's own: the other member's list is not reordered.
    await call(
      'team/favorites-team',
      { teamId: await teamPublicId(t.db, w.teams.always), favorite: false },
      w.me,
    );
    expect(
      (await call('team/my-teams', {}, w.me)).teams.some((team: { favorite: boolean }) => team.favorite),
    ).toBe(false);
  });

  it('lists my rounds, active and ended, agreeing with the in-progress mission count', async () => {
    const w = await world();
    const [first, second] = w.running.missionIds;
    await certify(t.db, w.me, first!, '2026-11-02');
    await certify(t.db, w.me, second!, '2026-11-20');
    // Always round: only what was made since joining (11-10) counts.
    const [alwaysMission] = w.always.missionIds;
    await certify(t.db, w.me, alwaysMission!, '2026-11-05');
    await certify(t.db, w.me, alwaysMission!, '2026-11-12');

    const active = (await call('challenge/participating-challenge', { state: 'active' }, w.me)).rounds;
    const bySub = new Map(active.map((round: { subChallengeId: string }) => [round.subChallengeId, round]));
    expect([...bySub.keys()].sort()).toEqual(
      [w.recruiting, w.running, w.always].map((round) => String(round.subChallengeId)).sort(),
    );
    // 11-01…11-20: 20 days × 2 missions.
    expect(bySub.get(String(w.running.subChallengeId))).toMatchObject({
      state: 'running',
      team: { teamId: await teamPublicId(t.db, w.teams.running), role: 'MANAGER' },
      result: { certified: 2, possible: 40 },
    });
    // 11-10…11-20: 11 days × 1 mission, one certification since joining.
    expect(bySub.get(String(w.always.subChallengeId))).toMatchObject({
      result: { certified: 1, possible: 11 },
    });
    expect(bySub.get(String(w.recruiting.subChallengeId))).toMatchObject({
      state: 'recruiting',
      result: { certified: 0, possible: 0 },
    });
    const ended = (await call('challenge/participating-challenge', { state: 'ended' }, w.me)).rounds;
    expect(ended.map((round: { subChallengeId: string }) => round.subChallengeId)).toEqual([
      String(w.ended.subChallengeId),
    ]);

    // Both read team membership: today's challenge missions are those of my running challenge rounds.
    const runningMissions = active
      .filter((round: { state: string; challengeType: string }) => round.state === 'running')
      .filter((round: { challengeType: string }) => round.challengeType === 'challenge').length;
    expect(runningMissions).toBe(1);
    expect(await call('challenge/inprogress-challenge-mission-cnt', {}, w.me)).toEqual({
      total: 2,
      certified: 1,
    });
  });

  it('ranks always teams by certifications since each member joined', async () => {
    const w = await world();
    const [mission] = w.always.missionIds;
    // The manager (joined 11-01) certified twice; I (joined 11-10) certified once before joining.
    await certify(t.db, w.other, mission!, '2026-11-03');
    await certify(t.db, w.other, mission!, '2026-11-15');
    await certify(t.db, w.me, mission!, '2026-11-05');
    const members = (
      await call('team/team-member-always', { teamId: await teamPublicId(t.db, w.teams.always) }, w.me)
    ).members;
    expect(
      members.map((m: { userId: string; certifications: number }) => [m.userId, m.certifications]),
    ).toEqual([
      [String(w.other), 2],
      [String(w.me), 0],
    ]);
    // Possible: the manager 11-01…11-20 (20 days) + me 11-10…11-20 (11 days), one mission.
    const detail = await call(
      'team/always-team-detail-with-mission',
      { teamId: await teamPublicId(t.db, w.teams.always) },
      w.me,
    );
    expect(detail.progress.round).toEqual({ certified: 2, possible: 31 });
    const ranks = await call(
      'team/team-rank-always',
      { teamId: await teamPublicId(t.db, w.teams.always) },
      w.me,
    );
    expect(ranks.teams).toEqual([
      expect.objectContaining({
        teamId: await teamPublicId(t.db, w.teams.always),
        rate: Math.round((2 / 31) * 1000) / 1000,
      }),
    ]);
    const strip = (await call('team/always-date', { teamId: await teamPublicId(t.db, w.teams.always) }, w.me))
      .days;
    expect(strip.find((d: { date: string }) => d.date === '2026-11-09')).toEqual({
      date: '2026-11-09',
      certified: 0,
      possible: 1,
    });
    expect(strip.find((d: { date: string }) => d.date === '2026-11-15')).toEqual({
      date: '2026-11-15',
      certified: 1,
      possible: 2,
    });
  });
});
