import type { Kysely } from 'kysely';
import type { BadgeKindColumn, Database } from '../../db/schema.ts';
import { ruleColumns } from './badges.repository.ts';

type Db = Kysely<Database>;

const consoleRuleColumns = [...ruleColumns, 'r.active'] as const;

/* The badge rules as the operator console manages them (the app's reads are in badges.repository.ts). */

/** Every rule, active or not, in the app's order, with how many people earned it (grouped). */
function rulesWithEarned(db: Db) {
  return db
    .selectFrom('badge_rules as r')
    .leftJoin('user_badges as ub', 'ub.badge_id', 'r.id')
    .select((eb) => [...consoleRuleColumns, eb.fn.count<number>('ub.user_id').as('earned')])
    .groupBy([...consoleRuleColumns]);
}

export async function findBadgeRules(db: Db) {
  const rows = await rulesWithEarned(db).orderBy('r.sort').orderBy('r.id').execute();
  return rows.map((row) => ({ ...row, earned: Number(row.earned) }));
}
export type BadgeRuleAdminRow = Awaited<ReturnType<typeof findBadgeRules>>[number];

export async function findBadgeRule(db: Db, id: number): Promise<BadgeRuleAdminRow | undefined> {
  const row = await rulesWithEarned(db).where('r.id', '=', id).executeTakeFirst();
  return row && { ...row, earned: Number(row.earned) };
}

/** The rule of this kind and threshold other than `exceptId`, if there is one (they are unique). */
export function findRuleByKindThreshold(db: Db, kind: BadgeKindColumn, threshold: number, exceptId = 0) {
  return db
    .selectFrom('badge_rules')
    .select('id')
    .where('kind', '=', kind)
    .where('threshold', '=', threshold)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
}

export interface BadgeRuleValues {
  name: string;
  description: string;
  emoji: string;
  threshold: number;
  sort: number;
}

export async function insertBadgeRule(db: Db, kind: BadgeKindColumn, values: BadgeRuleValues) {
  const row = await db
    .insertInto('badge_rules')
    .values({ kind, ...values, image_url: null, active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBadgeRule(db: Db, id: number, values: BadgeRuleValues): Promise<void> {
  await db.updateTable('badge_rules').set(values).where('id', '=', id).execute();
}

export async function setBadgeRuleActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('badge_rules')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
