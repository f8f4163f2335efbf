import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callEndpointAs, useTestContext } from '../../../test/harness.ts';
import { recruitingFamilyTeam, seatCounts } from '../../../test/team-fixtures.ts';

/** Direct invitations: to known parents only, a seat held per pending one for 7 days (product.md). */
describe.each(testDatabaseTargets())('direct team invitations on $name', (target) => {
  const t = useTestContext(target);
  const call = (path: string, body: object, userId: number) => callEndpointAs(t.app, path, body, userId);
  const counts = (teamId: number) => seatCounts(t.db, teamId);
  const family = () => recruitingFamilyTeam(t.db);

  it('forgets an invitation once the invitee is in a team of that round (issue 25 item 6)', async () => {
    const f = await family();
    const friend = await createUser(t.db, { alias: '늦은맘' });
    // An always team invites the friend too: it stays, being in a challenge team does not fill that slot.
    const alwaysRound = await createRound(t.db, { type: 'always' });
    const alwaysManager = await createUser(t.db);
    const alwaysTeam = await teamPublicId(
      t.db,
      await createTeam(t.db, { subChallengeId: alwaysRound.subChallengeId, managerId: alwaysManager }),
    );
    // Direct invitations go to people one was in a team with: an earlier round together.
    const earlier = await createRound(t.db, {
      challengeId: f.round.challengeId,
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    await createTeam(t.db, {
      subChallengeId: earlier.subChallengeId,
      managerId: f.m,
      members: [{ userId: friend }, { userId: alwaysManager }],
    });
    expect((await call('team/invite', { teamId: f.team, userIds: [String(friend)] }, f.m)).statusCode).toBe(
      200,
    );
    expect(
      (await call('team/invite', { teamId: alwaysTeam, userIds: [String(friend)] }, alwaysManager))
        .statusCode,
    ).toBe(200);
    expect((await call('team/invited-count', {}, friend)).json().response).toBe(2);

    // The friend makes their own team in the same round instead of answering.
    await createTeam(t.db, { subChallengeId: f.round.subChallengeId, managerId: friend });
    expect((await call('team/invited-count', {}, friend)).json().response).toBe(1);
    const left = (await call('team/invited-teams', {}, friend)).json().response.invitations;
    expect(left.map((row: { teamId: string }) => row.teamId)).toEqual([alwaysTeam]);

    // And once in an always team, the always invitation goes too.
    const otherAlways = await createUser(t.db);
    await createTeam(t.db, {
      subChallengeId: alwaysRound.subChallengeId,
      managerId: otherAlways,
      members: [{ userId: friend }],
    });
    expect((await call('team/invited-count', {}, friend)).json().response).toBe(0);
    expect((await call('team/invited-teams', {}, friend)).json().response.invitations).toEqual([]);
  });

  it('invites directly: only known parents, count and list for the invitee, accept with a child, decline, expiry frees the seat', async () => {
    const f = await family();
    const friend = await createUser(t.db, { alias: '친구맘' });
    const friendKid = await createChild(t.db, friend, `fk${friend}`, 'kid-pass-1234');
    const stranger = await createUser(t.db);
    const earlier = await createRound(t.db, {
      challengeId: f.round.challengeId,
      recruitStart: '2026-09-01',
      recruitEnd: '2026-09-30',
      startDate: '2026-10-01',
      endDate: '2026-10-21',
    });
    await createTeam(t.db, {
      subChallengeId: earlier.subChallengeId,
      managerId: f.m,
      members: [{ userId: friend }],
    });

    const refused = await call('team/invite', { teamId: f.team, userIds: [String(stranger)] }, f.m);
    expect(refused.statusCode).toBe(400);
    // A plain member may not invite unless the manager allows it.
    expect((await call('team/invite', { teamId: f.team, userIds: [String(friend)] }, f.q)).statusCode).toBe(
      403,
    );

    const previous = (await call('team/previous-team', { teamId: f.team }, f.m)).json().response;
    expect(previous.people).toEqual([
      { userId: String(friend), alias: '친구맘', childCount: 0, inviteBlock: null },
    ]);
    expect((await call('team/invite', { teamId: f.team, userIds: [String(friend)] }, f.m)).statusCode).toBe(
      200,
    );
    expect(
      (await call('team/previous-team', { teamId: f.team }, f.m)).json().response.people[0].inviteBlock,
    ).toBe('INVITED');
    expect((await call('team/invited-count', {}, friend)).json().response).toBe(1);
    const [invitation] = (await call('team/invited-teams', {}, friend)).json().response.invitations;
    expect(invitation).toMatchObject({ teamId: f.team, inviterAlias: '팀장', status: 'PENDING' });
    expect(
      (await call('team/invite-teams', { teamId: f.team }, f.q)).json().response.invitations,
    ).toHaveLength(1);

    // Someone else cannot answer it.
    expect(
      (
        await call(
          'team/update-status',
          { invitationId: invitation.invitationId, status: 'ACCEPTED' },
          stranger,
        )
      ).statusCode,
    ).toBe(404);
    const accepted = await call(
      'team/update-status',
      { invitationId: invitation.invitationId, status: 'ACCEPTED', childUserIds: [String(friendKid)] },
      friend,
    );
    expect(accepted.json().response).toMatchObject({ status: 'ACCEPTED', place: { teamId: f.team } });
    expect(await counts(f.teamId)).toEqual({ rows: 6, memberCount: 6, reserved: 0 });

    // Decline and expiry both give the seat back.
    const other = await createUser(t.db);
    await createTeam(t.db, {
      subChallengeId: (
        await createRound(t.db, {
          recruitStart: '2026-08-01',
          recruitEnd: '2026-08-31',
          startDate: '2026-09-01',
          endDate: '2026-09-21',
        })
      ).subChallengeId,
      managerId: f.m,
      members: [{ userId: other }],
    });
    await call('team/invite', { teamId: f.team, userIds: [String(other)] }, f.m);
    expect((await counts(f.teamId)).reserved).toBe(1);
    const [second] = (await call('team/invited-teams', {}, other)).json().response.invitations;
    expect(
      (
        await call('team/update-status', { invitationId: second.invitationId, status: 'DECLINED' }, other)
      ).json().response,
    ).toEqual({ status: 'DECLINED', place: null });
    expect((await counts(f.teamId)).reserved).toBe(0);

    await call('team/invite', { teamId: f.team, userIds: [String(other)] }, f.m);
    expect((await counts(f.teamId)).reserved).toBe(1);
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      expect((await call('team/invited-count', {}, other)).json().response).toBe(0);
      expect(
        (await call('team/invite-teams', { teamId: f.team }, f.m)).json().response.invitations[0].status,
      ).toBe('EXPIRED');
    } finally {
      t.clock.advance(-(7 * 86_400_000 + 1000));
    }
  });
});
