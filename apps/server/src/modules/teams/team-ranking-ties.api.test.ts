import { missionCertificationEndpoint } from '@hamkke/contract/home/missions';
import {
  teamMemberChallengeGroupEndpoint,
  teamMemberChallengeEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/team/team-read';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser } from '../../../test/factories.ts';
import { callTyped, createTestContext, sessionHeadersFor, type TestContext } from '../../../test/harness.ts';

/**
 * Issue 25 item 6: ties rank the same way on every ranking tab — standard competition ranking
 * (1, 1, 3; decision 026). Entries equal on every key their ranking compares share a place.
 */
describe.each(testDatabaseTargets())('ties on every ranking tab on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, {
      now: '2026-11-20T03:00:00.000Z',
      config: { RANKING_CACHE_MS: '0' },
    });
  });
  afterAll(() => t.close());

  it('gives tied teams, members and families one place and skips the next (1, 1, 3)', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 1 });
    const sub = round.subChallengeId;
    const [leader, me, other, mate] = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db)));
    const kid = await createChild(t.db, mate!, `tie${mate}`, 'kid-pass-1234');
    // Three teams of one person each, made at the same moment: the leader's certifies, the two others
    // are equal on rate, size and creation time.
    const leaderTeam = await createTeam(t.db, { subChallengeId: sub, managerId: leader! });
    const myTeam = await createTeam(t.db, { subChallengeId: sub, managerId: me!, members: [] });
    const otherTeam = await createTeam(t.db, { subChallengeId: sub, managerId: other! });
    const certified = await callTyped(
      t.app,
      missionCertificationEndpoint,
      { missionId: String(round.missionIds[0]), contentHtml: '<p>했어요</p>' },
      await sessionHeadersFor(t.app, leader!),
    );
    expect(certified.statusCode).toBe(200);

    const headers = await sessionHeadersFor(t.app, me!);
    const teams = (await callTyped(t.app, teamRankChallengeEndpoint, { teamId: String(myTeam) }, headers))
      .response;
    const placeOf = (teamId: number) => teams.teams.find((row) => row.teamId === String(teamId))?.rank;
    expect([placeOf(leaderTeam), placeOf(myTeam), placeOf(otherTeam)]).toEqual([1, 2, 2]);
    expect(teams.mine.rank).toBe(2);

    // Members and families of a team where nobody certified yet: everyone shares the first place.
    const mixed = await createTeam(t.db, {
      subChallengeId: (await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08' }))
        .subChallengeId,
      managerId: mate!,
      members: [{ userId: kid, familyId: mate! }, { userId: (await createUser(t.db))! }],
    });
    const mateHeaders = await sessionHeadersFor(t.app, mate!);
    const members = (
      await callTyped(t.app, teamMemberChallengeEndpoint, { teamId: String(mixed) }, mateHeaders)
    ).response.members;
    expect(members.map((member) => member.rank)).toEqual([1, 1, 1]);
    const families = (
      await callTyped(t.app, teamMemberChallengeGroupEndpoint, { teamId: String(mixed) }, mateHeaders)
    ).response.families;
    expect(families.map((family) => family.rank)).toEqual([1, 1]);
  });
});
