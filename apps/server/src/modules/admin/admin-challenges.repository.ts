import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ChallengesTable, Database, MissionsTable, SubChallengesTable } from '../../db/schema.ts';

/** Challenges, rounds and missions for the console (small tables: a few rows a month). */

type Db = Kysely<Database>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type SubChallengeRow = Selectable<SubChallengesTable>;
export type MissionRow = Selectable<MissionsTable>;

export function findChallenges(db: Db, challengeId?: number) {
  let query = db.selectFrom('challenges').selectAll().orderBy('id', 'desc');
  if (challengeId !== undefined) query = query.where('id', '=', challengeId);
  return query.execute();
}

export function findChallenge(db: Db, challengeId: number) {
  return db.selectFrom('challenges').selectAll().where('id', '=', challengeId).executeTakeFirst();
}

export function findRoundsOfChallenges(db: Db, challengeIds: readonly number[]) {
  if (challengeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sub_challenges')
    .selectAll()
    .where('challenge_id', 'in', challengeIds)
    .orderBy('round', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findRound(db: Db, subChallengeId: number) {
  return db.selectFrom('sub_challenges').selectAll().where('id', '=', subChallengeId).executeTakeFirst();
}

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

/** Teams per round and the largest team's head count. */
export function findTeamSizes(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('teams')
    .select((eb) => [
      'sub_challenge_id',
      eb.fn.countAll<number>().as('teams'),
      eb.fn.max<number>('member_count').as('largest'),
    ])
    .where('sub_challenge_id', 'in', subChallengeIds)
    .groupBy('sub_challenge_id')
    .execute();
}

export function insertChallenge(db: Db, row: Insertable<ChallengesTable>) {
  return db.insertInto('challenges').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateChallenge(db: Db, challengeId: number, row: Updateable<ChallengesTable>) {
  await db.updateTable('challenges').set(row).where('id', '=', challengeId).execute();
}

export async function nextRoundNumber(db: Db, challengeId: number): Promise<number> {
  const row = await db
    .selectFrom('sub_challenges')
    .select((eb) => eb.fn.max<number>('round').as('round'))
    .where('challenge_id', '=', challengeId)
    .executeTakeFirst();
  return Number(row?.round ?? 0) + 1;
}

export function insertRound(db: Db, row: Insertable<SubChallengesTable>) {
  return db.insertInto('sub_challenges').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateRound(db: Db, subChallengeId: number, row: Updateable<SubChallengesTable>) {
  await db.updateTable('sub_challenges').set(row).where('id', '=', subChallengeId).execute();
}

export async function deleteRound(db: Db, subChallengeId: number): Promise<void> {
  await db.deleteFrom('missions').where('sub_challenge_id', '=', subChallengeId).execute();
  await db.deleteFrom('sub_challenges').where('id', '=', subChallengeId).execute();
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
