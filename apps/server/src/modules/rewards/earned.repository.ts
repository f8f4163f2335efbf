import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What people have earned, as support looks it up (the console): badges and rewards, newest first. */

type Db = Kysely<Database>;

export function findBadgesOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_badges as ub')
    .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
    .select(['ub.user_id', 'r.name', 'r.emoji', 'ub.achieved_at'])
    .where('ub.user_id', 'in', userIds)
    .orderBy('ub.achieved_at', 'desc')
    .execute();
}

export function findRewardsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rewards')
    .select(['id', 'user_id', 'sub_challenge_id', 'kind', 'unit', 'amount', 'status', 'granted_at'])
    .where('user_id', 'in', userIds)
    .orderBy('granted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
