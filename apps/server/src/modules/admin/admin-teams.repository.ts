import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TeamFilter {
  subChallengeId?: number | undefined;
  /** Part of the team's name. */
  query?: string | undefined;
}

function teams(db: Kysely<Database>, filter: TeamFilter) {
  let query = db
    .selectFrom('teams as t')
    .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .innerJoin('users as u', 'u.id', 't.manager_user_id');
  if (filter.subChallengeId !== undefined)
    query = query.where('t.sub_challenge_id', '=', filter.subChallengeId);
  // Wildcards are dropped rather than escaped (the two databases escape differently).
  if (filter.query) query = query.where('t.name', 'like', `%${filter.query.replace(/[%_\\]/g, '')}%`);
  return query;
}

const columns = [
  't.id',
  't.name',
  't.emoji',
  't.description',
  't.sub_challenge_id',
  's.title as round_title',
  'c.challenge_type',
  'u.alias as manager_alias',
  't.member_count',
  't.reserved_seats',
  's.max_user',
  't.recruiting_open',
  't.cert_count',
  't.created_at',
] as const;

export async function findTeamPage(
  db: Kysely<Database>,
  input: TeamFilter & { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    teams(db, input)
      .select(columns)
      .orderBy('t.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    teams(db, input)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
export type AdminTeamRow = Awaited<ReturnType<typeof findTeamPage>>['rows'][number];

export function findAdminTeam(db: Kysely<Database>, teamId: number) {
  return teams(db, {}).select(columns).where('t.id', '=', teamId).executeTakeFirst();
}

/** A team's members with names (support sees names; the app shows aliases only). */
export function findAdminTeamMembers(db: Kysely<Database>, teamId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.family_user_id',
      'm.role',
      'm.joined_at',
      'm.cert_count',
      'u.name',
      'u.alias',
      'u.user_type',
    ])
    .where('m.team_id', '=', teamId)
    .orderBy('m.joined_at')
    .orderBy('m.id')
    .execute();
}
