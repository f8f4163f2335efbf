import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, MissionsTable } from '../../db/schema.ts';

/** The missions of rounds as operators make them (small tables: a few rows a month). */

type Db = Kysely<Database>;

export function findMission(db: Db, missionId: number) {
  return db.selectFrom('missions').selectAll().where('id', '=', missionId).executeTakeFirst();
}

/** Missions of rounds with how many certifications each has. */
export function findMissionsWithCounts(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('missions as m')
    .leftJoin('mission_certifications as c', 'c.mission_id', 'm.id')
    .select((eb) => [
      'm.id',
      'm.sub_challenge_id',
      'm.title',
      'm.description',
      'm.icon',
      'm.proof_type',
      'm.sort',
      eb.fn.count<number>('c.id').as('certifications'),
    ])
    .where('m.sub_challenge_id', 'in', subChallengeIds)
    .groupBy(['m.id', 'm.sub_challenge_id', 'm.title', 'm.description', 'm.icon', 'm.proof_type', 'm.sort'])
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
}

/** How many missions each of these rounds has (rounds without any left out). */
export async function countMissionsOfRounds(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return [];
  const rows = await db
    .selectFrom('missions')
    .select((eb) => ['sub_challenge_id', eb.fn.countAll<number>().as('missions')])
    .where('sub_challenge_id', 'in', subChallengeIds)
    .groupBy('sub_challenge_id')
    .execute();
  return rows.map((row) => ({ subChallengeId: row.sub_challenge_id, missions: Number(row.missions) }));
}

export async function insertMission(db: Db, row: Insertable<MissionsTable>): Promise<void> {
  await db.insertInto('missions').values(row).execute();
}

export async function updateMission(db: Db, missionId: number, row: Updateable<MissionsTable>) {
  await db.updateTable('missions').set(row).where('id', '=', missionId).execute();
}

export async function deleteMission(db: Db, missionId: number): Promise<void> {
  await db.deleteFrom('missions').where('id', '=', missionId).execute();
}

export async function deleteMissionsOfRound(db: Db, subChallengeId: number): Promise<void> {
  await db.deleteFrom('missions').where('sub_challenge_id', '=', subChallengeId).execute();
}
