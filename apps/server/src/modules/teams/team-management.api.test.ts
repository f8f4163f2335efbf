import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  certify,
  createChild,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callEndpointAs, useTestContext } from '../../../test/harness.ts';
import { recruitingFamilyTeam, seatCounts } from '../../../test/team-fixtures.ts';

describe.each(testDatabaseTargets())('running a team on $name', (target) => {
  const t = useTestContext(target);
  const call = (path: string, body: object, userId: number) => callEndpointAs(t.app, path, body, userId);
  const counts = (teamId: number) => seatCounts(t.db, teamId);
  const family = () => recruitingFamilyTeam(t.db);

  it('removes a member with their children and cancels the invitations they sent', async () => {
    const f = await family();
    // P invites someone they know (allowed members may invite): a seat is held.
    await t.db.updateTable('teams').set({ allow_member_invite: 1 }).where('id', '=', f.teamId).execute();
    const known = await createUser(t.db);
    const earlier = await createRound(t.db, {
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    await createTeam(t.db, {
      subChallengeId: earlier.subChallengeId,
      managerId: f.p,
      members: [{ userId: known }],
    });
    expect((await call('team/invite', { teamId: f.team, userIds: [String(known)] }, f.p)).statusCode).toBe(
      200,
    );
    expect(await counts(f.teamId)).toEqual({ rows: 4, memberCount: 4, reserved: 1 });

    const removed = await call(
      'team/delete-challenge-team-member',
      { teamId: f.team, teamMbrId: await f.mbr(f.p) },
      f.m,
    );
    expect(removed.json().response).toEqual({ removed: 2, left: false });
    expect(await counts(f.teamId)).toEqual({ rows: 2, memberCount: 2, reserved: 0 });
    expect((await call('team/invited-count', {}, known)).json().response).toBe(0);
    // The removed family no longer reads the team.
    expect((await call('team/team-detail-with-mission', { teamId: f.team }, f.c)).statusCode).toBe(404);
  });

  it('lets a member leave (TEAM_LEAVE) but not the manager before handing the role over', async () => {
    const f = await family();
    const leave = await call(
      'team/delete-challenge-team-member',
      { teamId: f.team, teamMbrId: await f.mbr(f.q) },
      f.q,
    );
    expect(leave.json().response).toEqual({ removed: 1, left: true });
    const logged = await t.db
      .selectFrom('activity_logs')
      .select('event_type')
      .where('user_id', '=', f.q)
      .execute();
    expect(logged.map((row) => row.event_type)).toContain('TEAM_LEAVE');
    // A plain member cannot remove someone else.
    expect(
      (await call('team/delete-challenge-team-member', { teamId: f.team, teamMbrId: await f.mbr(f.m) }, f.p))
        .statusCode,
    ).toBe(403);

    const stay = await call(
      'team/delete-challenge-team-member',
      { teamId: f.team, teamMbrId: await f.mbr(f.m) },
      f.m,
    );
    expect([stay.statusCode, stay.json().error.code]).toEqual([409, 'MANAGER_MUST_HAND_OVER']);
    // Only to another parent.
    const toChild = await call(
      'team/update-challenge-team-management',
      { teamId: f.team, newManagerTeamMbrId: await f.mbr(f.c) },
      f.m,
    );
    expect(toChild.statusCode).toBe(400);
    const handOver = await call(
      'team/update-challenge-team-management',
      { teamId: f.team, newManagerTeamMbrId: await f.mbr(f.p) },
      f.m,
    );
    expect(handOver.json().response.managerAlias).toBe('피맘');
    expect((await call('team/challenge-team-management', { teamId: f.team }, f.m)).statusCode).toBe(403);
    const left = await call(
      'team/delete-challenge-team-member',
      { teamId: f.team, teamMbrId: await f.mbr(f.m) },
      f.m,
    );
    expect(left.json().response).toEqual({ removed: 1, left: true });
    expect(await counts(f.teamId)).toEqual({ rows: 2, memberCount: 2, reserved: 0 });
  });

  it('edits the team and closes recruiting; names stay unique per round', async () => {
    const f = await family();
    const other = await createTeam(t.db, {
      subChallengeId: f.round.subChallengeId,
      managerId: await createUser(t.db),
      name: '이웃팀',
    });
    expect(other).toBeGreaterThan(0);
    const clash = await call(
      'team/update-challenge-team-management',
      { teamId: f.team, name: '이웃 팀' },
      f.m,
    );
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
    const edited = await call(
      'team/update-challenge-team-management',
      { teamId: f.team, name: '새 이름', description: '함께 걸어요', emoji: '🚶', recruitingOpen: false },
      f.m,
    );
    expect(edited.json().response).toMatchObject({
      name: '새 이름',
      description: '함께 걸어요',
      emoji: '🚶',
      isPending: false,
    });
    const join = await call(
      'team/create-team-member',
      {
        teamId: f.team,
        subChallengeId: String(f.round.subChallengeId),
        challengeType: 'challenge',
        agreed: true,
      },
      await createUser(t.db),
    );
    expect(join.json().error.code).toBe('TEAM_SIGNUP_CLOSED');
  });

  it('deletes a challenge team only before its round starts, an always team any time; an ended team is read-only', async () => {
    const f = await family();
    const deleted = await call('team/delete-challenge-team', { teamId: f.team }, f.m);
    expect(deleted.json().response).toEqual({ deleted: true });
    expect(await counts(f.teamId)).toEqual({ rows: 0, memberCount: null, reserved: null });
    expect(
      (await t.db.selectFrom('activity_logs').select('event_type').where('user_id', '=', f.m).execute()).map(
        (r) => r.event_type,
      ),
    ).toContain('TEAM_DELETE');

    const running = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
    });
    const m = await createUser(t.db);
    const runningTeam = await createTeam(t.db, { subChallengeId: running.subChallengeId, managerId: m });
    const locked = await call(
      'team/delete-challenge-team',
      { teamId: await teamPublicId(t.db, runningTeam) },
      m,
    );
    expect([locked.statusCode, locked.json().error.code]).toEqual([409, 'TEAM_LOCKED']);
    // The always type's call does not touch a challenge team.
    expect(
      (await call('team/delete-always-team', { teamId: await teamPublicId(t.db, runningTeam) }, m))
        .statusCode,
    ).toBe(404);

    const always = await createRound(t.db, {
      type: 'always',
      recruitStart: '2026-01-01',
      recruitEnd: '2099-12-31',
      startDate: '2026-01-01',
    });
    const alwaysTeam = await createTeam(t.db, { subChallengeId: always.subChallengeId, managerId: m });
    expect(
      (await call('team/delete-always-team', { teamId: await teamPublicId(t.db, alwaysTeam) }, m)).json()
        .response,
    ).toEqual({ deleted: true });

    const ended = await createRound(t.db, {
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    const endedTeam = await createTeam(t.db, { subChallengeId: ended.subChallengeId, managerId: m });
    const rename = await call(
      'team/update-challenge-team-management',
      { teamId: await teamPublicId(t.db, endedTeam), name: '바꿔요' },
      m,
    );
    expect([rename.statusCode, rename.json().error.code]).toEqual([409, 'TEAM_LOCKED']);
    expect(
      (await call('team/my-teams', { tab: 'ended' }, m))
        .json()
        .response.teams.map((x: { teamId: string }) => x.teamId),
    ).toEqual([await teamPublicId(t.db, endedTeam)]);
  });

  it('ranks members by certifications in the round and families by their average', async () => {
    const round = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-18',
      missions: 2,
    });
    const m = await createUser(t.db, { alias: '일등맘' });
    const p = await createUser(t.db, { alias: '이등맘' });
    const c = await createChild(t.db, p, `rank${p}`, 'kid-pass-1234');
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: m,
      members: [{ userId: p }, { userId: c, familyId: p }],
    });
    const [first, second] = round.missionIds;
    await certify(t.db, m, first!, '2026-11-18');
    await certify(t.db, m, second!, '2026-11-19');
    await certify(t.db, m, first!, '2026-11-20');
    await certify(t.db, p, first!, '2026-11-19');
    await certify(t.db, c, first!, '2026-11-20');
    // Outside the round: not counted.
    await certify(t.db, p, first!, '2026-11-10');
    const members = (
      await call('team/team-member-challenge', { teamId: await teamPublicId(t.db, teamId) }, p)
    ).json().response.members;
    expect(
      members.map((x: { alias: string; certifications: number; rank: number; isMe: boolean }) => [
        x.alias,
        x.certifications,
        x.rank,
        x.isMe,
      ]),
    ).toEqual([
      ['일등맘', 3, 1, false],
      ['이등맘', 1, 2, true],
      // The same count is the same place (decision 026); who got there first is listed first.
      [expect.any(String), 1, 2, false],
    ]);
    const families = (
      await call('team/team-member-challenge-group', { teamId: await teamPublicId(t.db, teamId) }, p)
    ).json().response.families;
    expect(
      families.map((x: { parentAlias: string; average: number; rank: number }) => [
        x.parentAlias,
        x.average,
        x.rank,
      ]),
    ).toEqual([
      ['일등맘', 3, 1],
      ['이등맘', 1, 2],
    ]);
    const detail = (
      await call('team/team-detail-with-mission', { teamId: await teamPublicId(t.db, teamId) }, p)
    ).json().response;
    // Three days run so far × 2 missions × 3 members.
    expect(detail.progress.round).toEqual({ certified: 5, possible: 18 });
    expect(detail.progress.today).toEqual({ certified: 2, possible: 6 });
    const days = (await call('team/challenge-date', { teamId: await teamPublicId(t.db, teamId) }, p)).json()
      .response.days;
    expect(days.map((d: { date: string; certified: number }) => [d.date, d.certified])).toEqual([
      ['2026-11-20', 2],
      ['2026-11-19', 2],
      ['2026-11-18', 1],
    ]);
    const memberDetail = (
      await call(
        'team/team-member-detail-challenge',
        { teamId: await teamPublicId(t.db, teamId), teamMbrId: members[0].teamMbrId },
        p,
      )
    ).json().response;
    expect(memberDetail.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
    ]);
  });
});
