import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Certification counts behind rankings, progress and day strips. They are grouped in SQL over the
 * indexed (user, day) columns, so certifications are never loaded one by one into JS. A team's
 * certifications are its members' certifications of the round's missions on the scoring days. For
 * an always team, they count only from when each member joined (`created_at >= joined_at`: both are
 * ISO-8601 UTC strings of one form, so text order is time order on SQLite and PostgreSQL alike).
 */

type Db = Kysely<Database>;

export interface ScoreRange {
  subChallengeId: number;
  from: string;
  to: string;
  /** Always teams: only what each member made after joining. */
  sinceJoin: boolean;
}

function teamCertifications(db: Db, input: ScoreRange) {
  let query = db
    .selectFrom('team_members as m')
    .innerJoin('mission_certifications as mc', 'mc.user_id', 'm.user_id')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .where('m.sub_challenge_id', '=', input.subChallengeId)
    .whereRef('mi.sub_challenge_id', '=', 'm.sub_challenge_id')
    .where('mc.certified_on', '>=', input.from)
    .where('mc.certified_on', '<=', input.to);
  if (input.sinceJoin) query = query.whereRef('mc.created_at', '>=', 'm.joined_at');
  return query;
}

/** Per member of one team: how many, and when the last one was made (ties: who got there first). */
export async function countPerMember(db: Db, input: ScoreRange & { teamId: number }) {
  if (input.from > input.to) return [];
  return teamCertifications(db, input)
    .where('m.team_id', '=', input.teamId)
    .select((eb) => [
      'm.user_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('mc.created_at').as('last_at'),
    ])
    .groupBy('m.user_id')
    .execute();
}

/** Per day, for one team's day strip. */
export async function countPerDay(db: Db, input: ScoreRange & { teamId: number }) {
  if (input.from > input.to) return [];
  return teamCertifications(db, input)
    .where('m.team_id', '=', input.teamId)
    .select((eb) => ['mc.certified_on', eb.fn.countAll<number>().as('count')])
    .groupBy('mc.certified_on')
    .execute();
}

/** Per team of a round, for the team ranking: one query for every team. */
export async function countPerTeam(db: Db, input: ScoreRange) {
  if (input.from > input.to) return [];
  return teamCertifications(db, input)
    .select((eb) => ['m.team_id', eb.fn.countAll<number>().as('count')])
    .groupBy('m.team_id')
    .execute();
}

/** One person's certifications of a round's missions between two days, made at or after `since`. */
export async function countOfPerson(
  db: Db,
  input: { userId: number; subChallengeId: number; from: string; to: string; since: string | null },
): Promise<number> {
  if (input.from > input.to) return 0;
  let query = db
    .selectFrom('mission_certifications as mc')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mi.sub_challenge_id', '=', input.subChallengeId)
    .where('mc.user_id', '=', input.userId)
    .where('mc.certified_on', '>=', input.from)
    .where('mc.certified_on', '<=', input.to);
  if (input.since !== null) query = query.where('mc.created_at', '>=', input.since);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** When each member of a round's teams joined: what their team could have certified so far. */
export async function findJoinsOfRound(db: Db, subChallengeId: number) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'joined_at'])
    .where('sub_challenge_id', '=', subChallengeId)
    .execute();
}
