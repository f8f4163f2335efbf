import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ChallengesTable, Database, SubChallengesTable } from '../../db/schema.ts';

/** Challenges and rounds as operators make them (small tables: a few rows a month). */

type Db = Kysely<Database>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type SubChallengeRow = Selectable<SubChallengesTable>;

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

/** The round only: its missions are the missions module's, deleted first. */
export async function deleteRound(db: Db, subChallengeId: number): Promise<void> {
  await db.deleteFrom('sub_challenges').where('id', '=', subChallengeId).execute();
}
