import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { memberIdOf } from '../../../test/team-fixtures.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/** Teams in the console (issue 9, support): find, look inside, close recruiting, take someone out. */
describe.each(testDatabaseTargets())('teams in the console on $name', (target) => {
  const t = useTestContext(target);
  let support: OperatorSessionHeaders;
  const admin = (path: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: support.headers,
      payload: body as object,
    });
  const audits = async () => (await t.db.selectFrom('audit_logs').select('id').execute()).length;
  /** The app's member list of a team, as `userId` sees it (404 when they are not in it). */
  const appMembers = async (teamId: number, userId: number) =>
    callEndpoint(
      t.app,
      'team/team-member-challenge',
      // The app names the team by its public id; the console keeps the key (decision 022).
      { teamId: await teamPublicId(t.db, teamId) },
      await sessionHeadersFor(t.app, userId),
    );

  /** A recruiting round's team: manager A, parent B with a child, parent C. */
  async function family() {
    const round = await createRound(t.db, { maxUser: 10 });
    const a = await createUser(t.db, { name: '김매니', alias: '매니저맘' });
    const b = await createUser(t.db, { name: '이부모', alias: '비엄마' });
    const bChild = await createChild(t.db, b, `kid${Math.random().toString(36).slice(2, 8)}`, 'pass1234!');
    const c = await createUser(t.db, { name: '박부모', alias: '씨아빠' });
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: a,
      name: `민원팀${Math.random().toString(36).slice(2, 6)}`,
      members: [{ userId: b }, { userId: bChild, familyId: b }, { userId: c }],
    });
    return { round, a, b, bChild, c, teamId };
  }
  const memberId = (teamId: number, userId: number) => memberIdOf(t.db, teamId, userId);

  beforeAll(async () => {
    support = await signedInOperator(t, 'support');
  });

  it('finds a team by round and part of its name, and shows its members with names', async () => {
    const { round, teamId, bChild } = await family();
    const name = (
      await t.db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow()
    ).name;
    const list = await admin('teams/list', {
      subChallengeId: String(round.subChallengeId),
      query: name.slice(2),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().response).toMatchObject({
      total: 1,
      items: [
        {
          teamId: String(teamId),
          name,
          memberCount: 4,
          maxUser: 10,
          recruitingOpen: true,
          roundType: 'challenge',
        },
      ],
    });
    expect((await admin('teams/list', { query: '없는팀이름' })).json().response.total).toBe(0);
    const detail = (await admin('teams/detail', { teamId: String(teamId) })).json().response;
    expect(detail.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['김매니', 'MANAGER'],
      ['이부모', 'MEMBER'],
      [expect.any(String), 'MEMBER'],
      ['박부모', 'MEMBER'],
    ]);
    expect(detail.members[2]).toMatchObject({ userId: String(bChild), userType: 'CHILD' });
  });

  it('closes recruiting on a complaint: the app stops offering the team, one audit row', async () => {
    const { a, teamId } = await family();
    expect((await appMembers(teamId, a)).json().response.team.isPending).toBe(true);
    const before = await audits();
    const closed = await admin('teams/set-recruiting', {
      teamId: String(teamId),
      open: false,
      reason: '부적절한 팀 소개',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().response.recruitingOpen).toBe(false);
    expect((await appMembers(teamId, a)).json().response.team.isPending).toBe(false);
    expect(await audits()).toBe(before + 1);
    const reason = await admin('teams/set-recruiting', { teamId: String(teamId), open: true, reason: '' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error.fields).toEqual([expect.objectContaining({ path: 'reason' })]);
  });

  it('takes a parent out with the child they brought, and the team counts them out', async () => {
    const { a, b, bChild, teamId } = await family();
    const before = await audits();
    const res = await admin('teams/remove-member', {
      teamId: String(teamId),
      teamMbrId: await memberId(teamId, b),
      reason: '욕설 신고',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ removed: 2 });
    expect((await appMembers(teamId, b)).statusCode).toBe(404);
    expect((await appMembers(teamId, bChild)).statusCode).toBe(404);
    const seen = (await appMembers(teamId, a)).json().response;
    expect(seen.team.memberCount).toBe(2);
    expect(seen.members).toHaveLength(2);
    expect(await audits()).toBe(before + 1);
  });

  it("passes a removed manager's role to another parent, and refuses when none is left", async () => {
    const { a, b, c, teamId } = await family();
    const res = await admin('teams/remove-member', {
      teamId: String(teamId),
      teamMbrId: await memberId(teamId, a),
      reason: '팀 운영 방해',
    });
    expect(res.statusCode).toBe(200);
    const team = await t.db
      .selectFrom('teams')
      .select('manager_user_id')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect([b, c]).toContain(team.manager_user_id);

    const round = await createRound(t.db);
    const alone = await createUser(t.db);
    const kid = await createChild(t.db, alone, `solo${Math.random().toString(36).slice(2, 8)}`, 'pass1234!');
    const soloTeam = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: alone,
      members: [{ userId: kid, familyId: alone }],
    });
    const before = await audits();
    const refused = await admin('teams/remove-member', {
      teamId: String(soloTeam),
      teamMbrId: await memberId(soloTeam, alone),
      reason: '팀 운영 방해',
    });
    expect(refused.statusCode).toBe(409);
    expect((await appMembers(soloTeam, alone)).json().response.members).toHaveLength(2);
    expect(await audits()).toBe(before);
  });

  it("answers 404 for an unknown team, and for another team's member", async () => {
    const first = await family();
    const second = await family();
    expect((await admin('teams/detail', { teamId: '999999' })).statusCode).toBe(404);
    const crossed = await admin('teams/remove-member', {
      teamId: String(first.teamId),
      teamMbrId: await memberId(second.teamId, second.c),
      reason: '잘못된 요청',
    });
    expect(crossed.statusCode).toBe(404);
    expect((await appMembers(second.teamId, second.c)).statusCode).toBe(200);
  });

  it('refuses changes to a team whose round has ended', async () => {
    const round = await createRound(t.db, {
      recruitStart: '2026-10-01',
      recruitEnd: '2026-10-05',
      startDate: '2026-10-06',
      endDate: '2026-10-20',
    });
    const manager = await createUser(t.db);
    const other = await createUser(t.db);
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: manager,
      members: [{ userId: other }],
    });
    const res = await admin('teams/remove-member', {
      teamId: String(teamId),
      teamMbrId: await memberId(teamId, other),
      reason: '기록 정리',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_LOCKED');
  });
});
