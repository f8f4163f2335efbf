import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findBadgesOfUsers, findRewardsOfUsers } from './earned.repository.ts';

/**
 * What people have earned, as support looks it up (the console): their badges and their rewards,
 * newest first. Rows name people and rounds by id (their names are the users and teams modules').
 */
export function createEarnedService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    badgesOf: (userIds: readonly number[]) => findBadgesOfUsers(db, userIds),
    rewardsOf: (userIds: readonly number[]) => findRewardsOfUsers(db, userIds),
  };
}
export type EarnedService = ReturnType<typeof createEarnedService>;
