import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules' repositories may compose of the rewards module's tables (decision 016): what a
 * person earned — badges with their rule's words, medals, the reward ledger. Read shapes only.
 */
export function earnedBadgesView(db: Kysely<Database>) {
  return db
    .selectFrom('user_badges')
    .innerJoin('badge_rules', 'badge_rules.id', 'user_badges.badge_id')
    .select([
      'user_badges.user_id',
      'user_badges.achieved_at',
      'badge_rules.name',
      'badge_rules.description',
      'badge_rules.emoji',
    ]);
}

export function medalsView(db: Kysely<Database>) {
  return db.selectFrom('medals').selectAll();
}

export function rewardLedgerView(db: Kysely<Database>) {
  return db.selectFrom('rewards').selectAll();
}
