import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/** 정원은 동시에 수백 명이 가입해도 넘지 않아요 (issue 7 item 4). */
describe.each(testDatabaseTargets())('team capacity under concurrency on $name', (target) => {
  const t = useTestContext(target);

  async function parents(count: number) {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) ids.push(await createUser(t.db));
    return Promise.all(ids.map(async (id) => ({ id, headers: await sessionHeadersFor(t.app, id) })));
  }

  async function state(teamId: number) {
    const rows = await t.db.selectFrom('team_members').select('id').where('team_id', '=', teamId).execute();
    const team = await t.db
      .selectFrom('teams')
      .select(['member_count', 'reserved_seats'])
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    return { rows: rows.length, memberCount: team.member_count, reserved: team.reserved_seats };
  }

  it('lets exactly 10 of 200 concurrent joiners into a team with 10 seats left', async () => {
    const round = await createRound(t.db, { maxUser: 12 });
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: await createUser(t.db),
      members: [{ userId: await createUser(t.db) }],
    });
    const joiners = await parents(200);
    const publicId = await teamPublicId(t.db, teamId);
    const started = performance.now();
    const results = await Promise.all(
      joiners.map(({ headers }) =>
        callEndpoint(
          t.app,
          'team/create-team-member',
          {
            teamId: publicId,
            subChallengeId: String(round.subChallengeId),
            challengeType: 'challenge',
            agreed: true,
          },
          headers,
        ),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const joined = results.filter((res) => res.statusCode === 200);
    const refused = results.filter((res) => res.statusCode !== 200);
    expect(joined).toHaveLength(10);
    for (const res of refused) expect([res.statusCode, res.json().error.code]).toEqual([409, 'TEAM_FULL']);
    expect(await state(teamId)).toEqual({ rows: 12, memberCount: 12, reserved: 0 });
    console.info(
      `[capacity] ${target.name}: 200 concurrent joins into 10 seats → ${joined.length} joined in ${elapsed} ms`,
    );
  });

  it('keeps the seats of pending invitations while 100 others race for the rest', async () => {
    const round = await createRound(t.db, { maxUser: 8 });
    const manager = await createUser(t.db);
    const invitees = await parents(3);
    // Invitations go to people the manager has shared a team with.
    const earlier = await createRound(t.db, {
      startDate: '2026-10-01',
      endDate: '2026-10-21',
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
    });
    await createTeam(t.db, {
      subChallengeId: earlier.subChallengeId,
      managerId: manager,
      members: invitees.map(({ id }) => ({ userId: id })),
    });
    const teamId = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: manager });
    const managerHeaders = await sessionHeadersFor(t.app, manager);
    const invite = await callEndpoint(
      t.app,
      'team/invite',
      { teamId: await teamPublicId(t.db, teamId), userIds: invitees.map(({ id }) => String(id)) },
      managerHeaders,
    );
    expect(invite.statusCode).toBe(200);
    expect(invite.json().response.invitations).toHaveLength(3);
    expect(await state(teamId)).toEqual({ rows: 1, memberCount: 1, reserved: 3 });

    const racers = await parents(100);
    const publicId = await teamPublicId(t.db, teamId);
    const results = await Promise.all(
      racers.map(({ headers }) =>
        callEndpoint(
          t.app,
          'team/create-team-member',
          {
            teamId: publicId,
            subChallengeId: String(round.subChallengeId),
            challengeType: 'challenge',
            agreed: true,
          },
          headers,
        ),
      ),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(4);
    expect(await state(teamId)).toEqual({ rows: 5, memberCount: 5, reserved: 3 });

    // The invitees still get in: their seats were held.
    for (const invitee of invitees) {
      const [invitation] = (await callEndpoint(t.app, 'team/invited-teams', {}, invitee.headers)).json()
        .response.invitations;
      const accepted = await callEndpoint(
        t.app,
        'team/update-status',
        { invitationId: invitation.invitationId, status: 'ACCEPTED' },
        invitee.headers,
      );
      expect(accepted.statusCode).toBe(200);
    }
    expect(await state(teamId)).toEqual({ rows: 8, memberCount: 8, reserved: 0 });
  });
});
