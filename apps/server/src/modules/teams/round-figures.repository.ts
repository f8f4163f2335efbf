import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Rounds' figures for the console's dashboard: grouped queries, no row read one by one. */

type Db = Kysely<Database>;

/** Rounds not ended before `from`, with their teams' kept counters summed (one grouped query). */
export async function findRoundFigures(db: Db, from: string) {
  const rows = await db
    .selectFrom('sub_challenges as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .leftJoin('teams as t', 't.sub_challenge_id', 's.id')
    .select((eb) => [
      's.id',
      's.title',
      's.recruit_start',
      's.recruit_end',
      's.start_date',
      's.end_date',
      's.reward_threshold_pct',
      'c.title as challenge_title',
      'c.challenge_type',
      eb.fn.count<number>('t.id').as('teams'),
      eb.fn.coalesce(eb.fn.sum<number>('t.member_count'), sql<number>`0`).as('members'),
      eb.fn.coalesce(eb.fn.sum<number>('t.cert_count'), sql<number>`0`).as('certified'),
      eb.fn.coalesce(eb.fn.sum<number>('t.member_days_base'), sql<number>`0`).as('member_days_base'),
    ])
    .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>=', from)]))
    .groupBy([
      's.id',
      's.title',
      's.recruit_start',
      's.recruit_end',
      's.start_date',
      's.end_date',
      's.reward_threshold_pct',
      'c.title',
      'c.challenge_type',
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    teams: Number(row.teams),
    members: Number(row.members),
    certified: Number(row.certified),
    member_days_base: Number(row.member_days_base),
  }));
}

/** How many members of each round have each count of certifications (a histogram, grouped). */
export async function countMembersByCertifications(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return [];
  const rows = await db
    .selectFrom('team_members')
    .select((eb) => ['sub_challenge_id', 'cert_count', eb.fn.countAll<number>().as('members')])
    .where('sub_challenge_id', 'in', subChallengeIds)
    .groupBy(['sub_challenge_id', 'cert_count'])
    .execute();
  return rows.map((row) => ({
    subChallengeId: row.sub_challenge_id,
    certified: Number(row.cert_count),
    members: Number(row.members),
  }));
}
