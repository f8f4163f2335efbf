import { missionCertificationEndpoint } from '@hamkke/contract/home/missions';
import {
  teamMemberChallengeGroupEndpoint,
  teamMemberChallengeEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/team/team-read';
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
import { callTyped, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/**
 * Issue 25 item 6: ties rank the same way on every ranking tab — standard competition ranking
 * (1, 1, 3; decision 026). Entries equal on every key their ranking compares share a place.
 */
describe.each(testDatabaseTargets())('ties on every ranking tab on $name', (target) => {
  const t = useTestContext(target, {
    config: { RANKING_CACHE_MS: '0' },
  });

  it('gives tied teams, members and families one place and skips the next (1, 1, 3)', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 1 });
    const sub = round.subChallengeId;
    const [leader, me, other, otherMate, mate] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t.db)),
    );
    const kid = await createChild(t.db, mate!, `tie${mate}`, 'kid-pass-1234');
    // Three teams: the leader's certifies; mine (one person) and the other (two) are at the same rate,
    // 0 %: the same place, whatever their sizes (size only orders the rows of a shared place).
    // Teams are named by their public ids (decision 022).
    const pub = (key: number) => teamPublicId(t.db, key);
    const leaderTeam = await pub(await createTeam(t.db, { subChallengeId: sub, managerId: leader! }));
    const myTeam = await pub(await createTeam(t.db, { subChallengeId: sub, managerId: me!, members: [] }));
    const otherTeam = await pub(
      await createTeam(t.db, { subChallengeId: sub, managerId: other!, members: [{ userId: otherMate! }] }),
    );
    const certified = await callTyped(
      t.app,
      missionCertificationEndpoint,
      { missionId: String(round.missionIds[0]), contentHtml: '<p>했어요</p>' },
      await sessionHeadersFor(t.app, leader!),
    );
    expect(certified.statusCode).toBe(200);

    const headers = await sessionHeadersFor(t.app, me!);
    const teams = (await callTyped(t.app, teamRankChallengeEndpoint, { teamId: myTeam }, headers)).response;
    const placeOf = (teamId: string) => teams.teams.find((row) => row.teamId === teamId)?.rank;
    expect([placeOf(leaderTeam), placeOf(myTeam), placeOf(otherTeam)]).toEqual([1, 2, 2]);
    expect(teams.mine.rank).toBe(2);

    // Members and families of a team where nobody certified yet: everyone shares the first place.
    const mixedRound = await createRound(t.db, {
      startDate: '2026-11-18',
      endDate: '2026-12-08',
      missions: 1,
    });
    const neighbour = await createUser(t.db);
    const mixed = await pub(
      await createTeam(t.db, {
        subChallengeId: mixedRound.subChallengeId,
        managerId: mate!,
        members: [{ userId: kid, familyId: mate! }, { userId: neighbour }],
      }),
    );
    const mateHeaders = await sessionHeadersFor(t.app, mate!);
    const members = (await callTyped(t.app, teamMemberChallengeEndpoint, { teamId: mixed }, mateHeaders))
      .response.members;
    expect(members.map((member) => member.rank)).toEqual([1, 1, 1]);
    const families = (
      await callTyped(t.app, teamMemberChallengeGroupEndpoint, { teamId: mixed }, mateHeaders)
    ).response.families;
    expect(families.map((family) => family.rank)).toEqual([1, 1]);

    // Then the child and the neighbour certify once each, on different days: "1회" and "1회" read the
    // same place though one got there first (listed first); the parent follows at 3.
    await certify(t.db, kid, mixedRound.missionIds[0]!, '2026-11-18');
    await certify(t.db, neighbour, mixedRound.missionIds[0]!, '2026-11-19');
    const after = (await callTyped(t.app, teamMemberChallengeEndpoint, { teamId: mixed }, mateHeaders))
      .response.members;
    expect(after.map((member) => [member.userId, member.rank])).toEqual([
      [String(kid), 1],
      [String(neighbour), 1],
      [String(mate), 3],
    ]);
    // Families: the neighbour's 1 per person beats mate's family's 0.5.
    const familiesAfter = (
      await callTyped(t.app, teamMemberChallengeGroupEndpoint, { teamId: mixed }, mateHeaders)
    ).response.families;
    expect(familiesAfter.map((family) => family.rank)).toEqual([1, 2]);
  });
});
