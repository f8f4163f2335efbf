import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Certifications and active families per Seoul day (`certified_on` is the Seoul day already). */
export async function countCertificationsByDay(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('mission_certifications as mc')
    .innerJoin('users as u', 'u.id', 'mc.user_id')
    .select((eb) => [
      'mc.certified_on as day',
      eb.fn.countAll<number>().as('certifications'),
      // A child's family is the parent who made the account; a parent is their own family.
      sql<number>`count(distinct coalesce(u.parent_user_id, u.id))`.as('families'),
    ])
    .where('mc.certified_on', '>=', from)
    .where('mc.certified_on', '<=', to)
    .groupBy('mc.certified_on')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    certifications: Number(row.certifications),
    families: Number(row.families),
  }));
}

/**
 * Parent accounts created per Seoul day. `created_at` is an ISO instant, so each day is the range
 * [its first instant, the next day's first instant) in UTC, joined as a table of days: one grouped
 * query, the same SQL on both databases, and the created_at comparison can use an index.
 */
export async function countSignUpsByDay(
  db: Db,
  days: readonly { day: string; fromAt: string; toAt: string }[],
) {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.day}, ${d.fromAt}, ${d.toAt})`));
  const result = await sql<{ day: string; sign_ups: number }>`
    with days (day, from_at, to_at) as (values ${values})
    select days.day as day, count(u.id) as sign_ups
    from days
    left join users u
      on u.created_at >= days.from_at and u.created_at < days.to_at and u.user_type = 'PARENT'
    group by days.day`.execute(db);
  return result.rows.map((row) => ({ day: row.day, signUps: Number(row.sign_ups) }));
}

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
      eb
        .selectFrom('missions as m')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('m.sub_challenge_id', '=', 's.id')
        .as('mission_count'),
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
    mission_count: Number(row.mission_count ?? 0),
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
