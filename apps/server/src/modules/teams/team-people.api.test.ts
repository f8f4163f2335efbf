import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  addMember,
  createChild,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callEndpointAs, useTestContext } from '../../../test/harness.ts';

/** People going: leaving with one's children, a child leaving alone, child deletion, withdrawal. */
describe.each(testDatabaseTargets())('people leaving teams on $name', (target) => {
  const t = useTestContext(target);

  const call = (path: string, body: object, userId: number) => callEndpointAs(t.app, path, body, userId);
  const state = async (teamId: number) => {
    const team = await t.db
      .selectFrom('teams')
      .select(['member_count', 'reserved_seats', 'manager_user_id'])
      .where('id', '=', teamId)
      .executeTakeFirst();
    const rows = await t.db
      .selectFrom('team_members')
      .select(['user_id', 'role'])
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
    return {
      members: rows.map((row) => row.user_id),
      memberCount: team?.member_count ?? null,
      reserved: team?.reserved_seats ?? null,
      managerId: team?.manager_user_id ?? null,
      managers: rows.filter((row) => row.role === 'MANAGER').map((row) => row.user_id),
    };
  };

  /** A recruiting team: manager M with child MC; parent P with child C; parent Q with child D. */
  async function team() {
    const round = await createRound(t.db);
    const m = await createUser(t.db);
    const mc = await createChild(t.db, m, `mc${m}`, 'kid-pass-1234');
    const p = await createUser(t.db);
    const c = await createChild(t.db, p, `c${p}`, 'kid-pass-1234');
    const q = await createUser(t.db);
    const d = await createChild(t.db, q, `d${q}`, 'kid-pass-1234');
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: m,
      members: [{ userId: mc, familyId: m }],
      allowMemberInvite: true,
    });
    const mbr = {
      p: await addMember(t.db, { teamId, userId: p }),
      c: await addMember(t.db, { teamId, userId: c, familyId: p }),
      q: await addMember(t.db, { teamId, userId: q }),
      d: await addMember(t.db, { teamId, userId: d, familyId: q }),
    };
    return { round, m, mc, p, c, q, d, teamId, mbr };
  }

  /** Someone `inviter` shared an ended team with, invited to `teamId`: one seat held. */
  async function invitedBy(inviter: number, teamId: number) {
    const known = await createUser(t.db);
    const earlier = await createRound(t.db, {
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    await createTeam(t.db, {
      subChallengeId: earlier.subChallengeId,
      managerId: inviter,
      members: [{ userId: known }],
    });
    const res = await call(
      'team/invite',
      { teamId: await teamPublicId(t.db, teamId), userIds: [String(known)] },
      inviter,
    );
    expect(res.statusCode).toBe(200);
    return known;
  }

  it('takes a leaving parent’s children along and cancels the invitations they sent; a child may leave alone', async () => {
    const f = await team();
    const known = await invitedBy(f.p, f.teamId);
    expect(await state(f.teamId)).toMatchObject({ memberCount: 6, reserved: 1 });

    const left = await call(
      'team/delete-challenge-team-member',
      { teamId: await teamPublicId(t.db, f.teamId), teamMbrId: String(f.mbr.p) },
      f.p,
    );
    expect(left.json().response).toEqual({ removed: 2, left: true });
    expect(await state(f.teamId)).toMatchObject({
      members: [f.m, f.mc, f.q, f.d],
      memberCount: 4,
      reserved: 0,
    });
    expect((await call('team/invited-count', {}, known)).json().response).toBe(0);

    // A child leaves alone; their parent stays.
    const childLeft = await call(
      'team/delete-challenge-team-member',
      { teamId: await teamPublicId(t.db, f.teamId), teamMbrId: String(f.mbr.d) },
      f.d,
    );
    expect(childLeft.json().response).toEqual({ removed: 1, left: true });
    expect(await state(f.teamId)).toMatchObject({ members: [f.m, f.mc, f.q], memberCount: 3 });
    // A child cannot take anyone else out.
    const childRemoves = await call(
      'team/delete-challenge-team-member',
      { teamId: await teamPublicId(t.db, f.teamId), teamMbrId: String(f.mbr.q) },
      f.mc,
    );
    expect(childRemoves.statusCode).toBe(403);
  });

  it('takes a deleted child out of their team with the counter', async () => {
    const f = await team();
    const res = await call('my/delete-children', { childrenUserId: String(f.c) }, f.p);
    expect(res.statusCode).toBe(200);
    expect(await state(f.teamId)).toMatchObject({
      members: [f.m, f.mc, f.p, f.q, f.d],
      memberCount: 5,
      reserved: 0,
    });
  });

  it('hands a withdrawing manager’s team to another parent, with the counters right', async () => {
    const f = await team();
    const known = await invitedBy(f.m, f.teamId);
    expect((await call('user/withdraw', {}, f.m)).statusCode).toBe(200);
    // The manager's family goes and so does the invitation they sent; P, the first parent left, leads.
    expect(await state(f.teamId)).toEqual({
      members: [f.p, f.c, f.q, f.d],
      memberCount: 4,
      reserved: 0,
      managerId: f.p,
      managers: [f.p],
    });
    expect((await call('team/invited-count', {}, known)).json().response).toBe(0);
    const detail = await call(
      'team/challenge-team-management',
      { teamId: await teamPublicId(t.db, f.teamId) },
      f.p,
    );
    expect(detail.statusCode).toBe(200);
  });

  it('deletes a team whose last parent withdraws, and frees the seat of a withdrawing invitee', async () => {
    const round = await createRound(t.db);
    const alone = await createUser(t.db);
    const kid = await createChild(t.db, alone, `alone${alone}`, 'kid-pass-1234');
    const lonely = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: alone,
      members: [{ userId: kid, familyId: alone }],
    });
    expect((await call('user/withdraw', {}, alone)).statusCode).toBe(200);
    expect(await state(lonely)).toMatchObject({ members: [], memberCount: null });

    const f = await team();
    const known = await invitedBy(f.m, f.teamId);
    expect(await state(f.teamId)).toMatchObject({ memberCount: 6, reserved: 1 });
    expect((await call('user/withdraw', {}, known)).statusCode).toBe(200);
    expect(await state(f.teamId)).toMatchObject({ memberCount: 6, reserved: 0, managerId: f.m });
  });
});
