import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Teams as support finds them (the console): by round and name, one with its kept counters, its
 * members, a family's memberships. Names of people are the users module's: rows carry ids.
 */

type Db = Kysely<Database>;

export interface TeamFilter {
  subChallengeId?: number | undefined;
  /** Part of the team's name. */
  query?: string | undefined;
}

function teamsMatching(db: Db, filter: TeamFilter) {
  let query = db
    .selectFrom('teams as t')
    .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id');
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
  't.manager_user_id',
  't.member_count',
  't.reserved_seats',
  's.max_user',
  's.recruit_start',
  's.recruit_end',
  's.start_date',
  's.end_date',
  't.recruiting_open',
  't.cert_count',
  't.created_at',
] as const;

export async function findTeamPage(db: Db, input: TeamFilter & { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    teamsMatching(db, input)
      .select(columns)
      .orderBy('t.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    teamsMatching(db, input)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
export type DirectoryTeamRow = Awaited<ReturnType<typeof findTeamPage>>['rows'][number];

export function findDirectoryTeam(db: Db, teamId: number) {
  return teamsMatching(db, {}).select(columns).where('t.id', '=', teamId).executeTakeFirst();
}

/** A team's members in joining order, with their kept counts. */
export function findTeamMemberRows(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .select(['id', 'user_id', 'family_user_id', 'role', 'joined_at', 'cert_count'])
    .where('team_id', '=', teamId)
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
}

/** These people's memberships, newest first, with their teams and rounds. */
export function findMembershipsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .select(['t.id', 't.name', 's.title as round_title', 'm.user_id', 'm.role', 'm.joined_at'])
    .where('m.user_id', 'in', userIds)
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

/** The titles of these rounds. */
export function findRoundTitles(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('sub_challenges').select(['id', 'title']).where('id', 'in', subChallengeIds).execute();
}
