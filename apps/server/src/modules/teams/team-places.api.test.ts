import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createRound, createTeam, createUser } from '../../../test/factories.ts';
import { createFreshDatabase, type FreshDatabase } from '../../../test/harness.ts';
import { rankPlacesOfRound, rankTeamsOfRound, rateOfPlace } from './team-scores.repository.ts';

/**
 * Decision 054: the kept ranking reads every team's place as integers in one text. It must say what
 * the whole ranking query says, for every team: the place, the place at the start of today, the
 * members and the rate (computed from the same integers, the same division), and the first rows.
 */
describe.each(testDatabaseTargets())('the ranking as places on $name', (target) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await createFreshDatabase(target);
  });
  afterAll(() => database.close());

  it('gives every team the place, rate and size of the whole ranking, and the same first rows', async () => {
    const db = database.db;
    const round = await createRound(db, { startDate: '2026-11-18', endDate: '2026-12-08', missions: 3 });
    const teamIds: number[] = [];
    for (let index = 0; index < 14; index += 1) {
      const manager = await createUser(db);
      const teamId = await createTeam(db, { subChallengeId: round.subChallengeId, managerId: manager });
      teamIds.push(teamId);
      // Kept counters of every kind: ties (the same rate at other sizes), a rate over 1, nothing
      // possible yet (a base past the day), today's certifications that move the place.
      const members = 1 + (index % 4);
      await db
        .updateTable('teams')
        .set({
          member_count: members,
          member_days_base: index === 5 ? members * 30_000 : members * 20_408,
          cert_count: [0, 7, 7, 14, 3, 9, 50, 1, 7, 0, 22, 5, 13, 2][index]!,
          day_count: index % 3,
          day_count_on: '2026-11-20',
        })
        .where('id', '=', teamId)
        .execute();
    }
    const input = {
      subChallengeId: round.subChallengeId,
      missionCount: 3,
      toEpoch: 20_412,
      today: '2026-11-20',
    };
    const whole = await rankTeamsOfRound(db, { ...input, limit: Number.MAX_SAFE_INTEGER, mineTeamId: 0 });
    expect(whole).toHaveLength(14);
    const kept = await rankPlacesOfRound(db, { ...input, limit: 5, mineTeamId: null });
    expect(kept.total).toBe(14);
    expect(kept.places.size).toBe(14);
    for (const row of whole) {
      const place = kept.places.get(row.id)!;
      expect({
        place: place.place,
        previous: place.previousPlace,
        members: place.memberCount,
        rate: rateOfPlace(place),
      }).toEqual({
        place: row.place,
        previous: row.previous_place,
        members: row.member_count,
        rate: row.rate,
      });
    }
    expect(kept.top.map((row) => [row.id, row.public_id, row.name, row.rate, row.place])).toEqual(
      whole.slice(0, 5).map((row) => [row.id, row.public_id, row.name, row.rate, row.place]),
    );
    // Not kept (RANKING_CACHE_MS 0): the first rows and the caller's place only.
    const mine = teamIds[9]!;
    const one = await rankPlacesOfRound(db, { ...input, limit: 5, mineTeamId: mine });
    expect([...one.places.keys()]).toEqual([mine]);
    expect(one.places.get(mine)).toEqual(kept.places.get(mine));
    expect(one.total).toBe(14);
  });
});
