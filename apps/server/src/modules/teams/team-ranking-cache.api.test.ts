import { missionCertificationEndpoint } from '@hamkke/contract/home/missions';
import { teamRankChallengeEndpoint } from '@hamkke/contract/team/team-read';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callTyped, createTestContext, sessionHeadersFor, type TestContext } from '../../../test/harness.ts';

/** A round's team ranking is computed once per `RANKING_CACHE_MS` and shared by the readers meanwhile. */
describe.each(testDatabaseTargets())('the reused team ranking on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, {
      now: '2026-11-20T03:00:00.000Z',
      config: { RANKING_CACHE_MS: '60000' },
    });
  });
  afterAll(() => t.close());

  it('answers the same ranking until it expires, whatever was certified meanwhile', async () => {
    const round = await createRound(t.db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 1 });
    const me = await createUser(t.db);
    const teamId = await createTeam(t.db, { subChallengeId: round.subChallengeId, managerId: me });
    const headers = await sessionHeadersFor(t.app, me);
    const rate = async () =>
      (
        await callTyped(
          t.app,
          teamRankChallengeEndpoint,
          { teamId: await teamPublicId(t.db, teamId) },
          headers,
        )
      ).response.mine.rate;
    expect(await rate()).toBe(0);
    const certified = await callTyped(
      t.app,
      missionCertificationEndpoint,
      { missionId: String(round.missionIds[0]), contentHtml: '<p>했어요</p>' },
      headers,
    );
    expect(certified.statusCode).toBe(200);
    // Reused: the certification shows once the minute is over (and at once with RANKING_CACHE_MS=0).
    expect(await rate()).toBe(0);
    const counted = await t.db
      .selectFrom('teams')
      .select('cert_count')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(counted.cert_count).toBe(1);
  });
});
