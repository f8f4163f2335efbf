import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import {
  addMember,
  createChild,
  createRound,
  createTeam,
  createUser,
  teamPublicId,
} from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/**
 * Every `team/*` and `challenge/*` call, with another family's team and people (security.md, ADR 007).
 * Team-level calls are the plugin's (stranger 404, plain member 403 on the manager's); the others
 * are listed here by what a stranger gets, so a new call fails this test until it is classified.
 */
type StrangerRule =
  /** Names another person or their invitation: not found. */
  | { expect: 404; body: (ids: Ids) => object }
  /** The invite link's own calls answer anyone signed in who names the team and its round. */
  | { expect: 200; body: (ids: Ids) => object }
  /** About the caller only: the other team is not theirs. */
  | { expect: 'own'; body: (ids: Ids) => object }
  /** Changes state by design (joining by the link, making one's own team): covered elsewhere. */
  | { expect: 'skip' };

interface Ids {
  teamId: string;
  subChallengeId: string;
  ownerId: string;
  ownerMbrId: string;
  invitationId: string;
}

const nonTeamCalls: Record<string, StrangerRule> = {
  'team/check-is-team': { expect: 404, body: (ids) => ({ userId: ids.ownerId }) },
  'team/check-team-member': { expect: 404, body: (ids) => ({ teamId: ids.teamId, userId: ids.ownerId }) },
  'team/joined-teams': { expect: 404, body: (ids) => ({ userId: ids.ownerId }) },
  'team/update-status': {
    expect: 404,
    body: (ids) => ({ invitationId: ids.invitationId, status: 'DECLINED' }),
  },
  /** Public (decision 022): what the link's holder may read, signed in or not. */
  'team/invite-preview': { expect: 200, body: (ids) => ({ teamId: ids.teamId }) },
  'team/invite-team-info': {
    expect: 200,
    body: (ids) => ({ teamId: ids.teamId, subChallengeId: ids.subChallengeId }),
  },
  'team/team-member-count': { expect: 200, body: (ids) => ({ teamId: ids.teamId }) },
  'team/check-children': { expect: 'own', body: (ids) => ({ teamId: ids.teamId }) },
  'team/my-teams': { expect: 'own', body: () => ({}) },
  'team/reward-notice': { expect: 'own', body: () => ({}) },
  'team/invited-count': { expect: 'own', body: () => ({}) },
  'team/invited-teams': { expect: 'own', body: () => ({}) },
  'team/challenge-type': { expect: 'own', body: () => ({}) },
  'team/check-challenge': { expect: 'own', body: (ids) => ({ subChallengeId: ids.subChallengeId }) },
  'team/exists': {
    expect: 'own',
    body: (ids) => ({ subChallengeId: ids.subChallengeId, name: '없는 이름' }),
  },
  'team/available-teams-in-other': { expect: 'own', body: (ids) => ({ subChallengeId: ids.subChallengeId }) },
  'challenge/participating-challenge': { expect: 'own', body: () => ({}) },
  'challenge/inprogress-challenge-mission-cnt': { expect: 'own', body: () => ({}) },
  'team/create-team-member': { expect: 'skip' },
  'team/create-team': { expect: 'skip' },
};

describe.each(testDatabaseTargets())('team and challenge calls of another family on $name', (target) => {
  const t = useTestContext(target);
  let ids: Ids;
  let stranger: Record<string, string>;
  let plainMember: Record<string, string>;
  let ownerChild: Record<string, string>;
  beforeAll(async () => {
    const round = await createRound(t.db);
    const owner = await createUser(t.db);
    const kid = await createChild(t.db, owner, `owner${owner}`, 'kid-pass-1234');
    const member = await createUser(t.db);
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: owner,
      members: [{ userId: kid, familyId: owner }],
    });
    await addMember(t.db, { teamId, userId: member });
    const ownerMbr = await t.db
      .selectFrom('team_members')
      .select('id')
      .where('user_id', '=', owner)
      .executeTakeFirstOrThrow();
    const invitation = await t.db
      .insertInto('team_invitations')
      .values({
        team_id: teamId,
        inviter_user_id: owner,
        invitee_user_id: member,
        status: 'PENDING',
        created_at: '2026-11-20T00:00:00.000Z',
        expires_at: '2026-11-27T00:00:00.000Z',
        answered_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = {
      teamId: await teamPublicId(t.db, teamId),
      subChallengeId: String(round.subChallengeId),
      ownerId: String(owner),
      ownerMbrId: String(ownerMbr.id),
      invitationId: String(invitation.id),
    };
    stranger = await sessionHeadersFor(t.app, await createUser(t.db));
    plainMember = await sessionHeadersFor(t.app, member);
    ownerChild = await sessionHeadersFor(t.app, kid);
  });

  const endpoints = () =>
    t.app.endpoints.filter((e) => e.path.startsWith('team/') || e.path.startsWith('challenge/'));

  it('classifies every team and challenge call', () => {
    const unclassified = endpoints()
      .filter((e) => !e.team && !(e.path in nonTeamCalls))
      .map((e) => e.path);
    expect(unclassified).toEqual([]);
    expect(endpoints().length).toBeGreaterThanOrEqual(46);
  });

  it('refuses every one without a token (401)', async () => {
    for (const endpoint of endpoints().filter((e) => e.auth !== 'public')) {
      const res = await callEndpoint(t.app, endpoint.path, { teamId: ids.teamId });
      expect(res.statusCode, endpoint.path).toBe(401);
    }
  });

  it('answers a stranger naming another team 404, and its plain members 403 on the manager’s calls', async () => {
    const full = { teamId: ids.teamId, teamMbrId: ids.ownerMbrId, userIds: [ids.ownerId], favorite: true };
    for (const endpoint of endpoints().filter((e) => e.team)) {
      const res = await callEndpoint(t.app, endpoint.path, full, stranger);
      expect([res.statusCode, res.json().error?.code], endpoint.path).toEqual([404, 'NOT_FOUND']);
      if (endpoint.team === 'manager') {
        for (const headers of [plainMember, ownerChild]) {
          const member = await callEndpoint(t.app, endpoint.path, full, headers);
          expect([member.statusCode, member.json().error?.code], endpoint.path).toEqual([403, 'FORBIDDEN']);
        }
      }
    }
  });

  it('keeps the other calls to the caller, or to what the invite link shows', async () => {
    for (const [path, rule] of Object.entries(nonTeamCalls)) {
      if (rule.expect === 'skip') continue;
      const res = await callEndpoint(t.app, path, rule.body(ids), stranger);
      const text = JSON.stringify(res.json());
      if (rule.expect === 404) {
        expect([res.statusCode, res.json().error?.code], path).toEqual([404, 'NOT_FOUND']);
        continue;
      }
      expect(res.statusCode, path).toBe(200);
      // No one's user id, membership or phone leaks to a stranger.
      expect(text, path).not.toContain(`"userId":"${ids.ownerId}"`);
      expect(text, path).not.toContain(`"teamMbrId":"${ids.ownerMbrId}"`);
      expect(text, path).not.toMatch(/phone/i);
      if (rule.expect === 'own') {
        expect(text, path).not.toContain(`"myTeam":{"teamId":"${ids.teamId}"`);
        expect(text, path).not.toMatch(new RegExp(`"teamId":"${ids.teamId}","teamMbrId"`));
      }
    }
    // A stranger cannot read the team's members, even naming its round as the link does.
    const withRound = await callEndpoint(
      t.app,
      'team/team-info-by-teamId',
      { teamId: ids.teamId, subChallengeId: ids.subChallengeId },
      stranger,
    );
    expect(withRound.statusCode).toBe(404);
  });

  const as = async (userId: number) => sessionHeadersFor(t.app, userId);
  const call = (path: string, body: object, headers: Record<string, string>) =>
    callEndpoint(t.app, path, body, headers);

  it('answers the invite flow calls about the caller or their own child only', async () => {
    const round = await createRound(t.db);
    const parent = await createUser(t.db);
    const kid = await createChild(t.db, parent, `flow${parent}`, 'kid-pass-1234');
    const teamId = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: parent,
      members: [{ userId: kid, familyId: parent }],
    });
    const mine = await as(parent);
    expect(
      (
        await call(
          'team/check-team-member',
          { teamId: await teamPublicId(t.db, teamId), userId: String(kid) },
          mine,
        )
      ).json().response,
    ).toBe(1);
    expect(
      (
        await call(
          'team/check-is-team',
          { userId: String(kid), subChallengeId: String(round.subChallengeId) },
          mine,
        )
      ).json().response,
    ).toEqual({ alwaysTeamId: null, challengeTeamId: await teamPublicId(t.db, teamId) });
    const stranger = await as(await createUser(t.db));
    expect(
      (
        await call(
          'team/check-team-member',
          { teamId: await teamPublicId(t.db, teamId), userId: String(kid) },
          stranger,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('team/check-is-team', { userId: String(parent) }, stranger)).statusCode).toBe(404);
    expect((await call('team/joined-teams', { userId: String(parent) }, stranger)).statusCode).toBe(404);
    const info = (
      await call(
        'team/invite-team-info',
        { teamId: await teamPublicId(t.db, teamId), subChallengeId: String(round.subChallengeId) },
        stranger,
      )
    ).json().response;
    expect(info).toMatchObject({ maxUser: 10, memberCount: 2, isPending: true, isCompleted: false });
    expect(
      (await call('team/team-member-count', { teamId: await teamPublicId(t.db, teamId) }, stranger)).json()
        .response,
    ).toBe(2);
    // The member list is the members' (decision 022); the link's holder reads the preview.
    const linkView = await call(
      'team/team-info-by-teamId',
      { teamId: await teamPublicId(t.db, teamId), subChallengeId: String(round.subChallengeId) },
      stranger,
    );
    expect(linkView.statusCode).toBe(404);
    const memberView = (
      await call('team/team-info-by-teamId', { teamId: await teamPublicId(t.db, teamId) }, mine)
    ).json().response;
    expect(memberView.isMember).toBe(true);
    expect(memberView.members.map((x: { role: string; userType: string }) => [x.role, x.userType])).toEqual([
      ['MANAGER', 'PARENT'],
      ['MEMBER', 'CHILD'],
    ]);
    expect(
      (await call('team/joined-teams', { teamId: await teamPublicId(t.db, teamId) }, stranger)).json()
        .response,
    ).toEqual([
      expect.objectContaining({ teamId: await teamPublicId(t.db, teamId), teamMbrId: null, isPending: true }),
    ]);
  });
});
