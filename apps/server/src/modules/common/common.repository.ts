import type { Kysely, Selectable } from 'kysely';
import type { CommonCode } from '@hamkke/contract/common/commcode-keys';
import type { CommonCodesTable, Database } from '../../db/schema.ts';
import { countedCertifications } from '../missions/missions.views.ts';
import { peopleView } from '../users/users.views.ts';

export async function countAllCertifications(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom(countedCertifications(db).as('mc'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countCertificationsOn(db: Kysely<Database>, day: string): Promise<number> {
  const row = await db
    .selectFrom(countedCertifications(db).as('mc'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mc.certified_on', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countActiveUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom(peopleView(db).as('u'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('u.status', '=', 'USER')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findCommonCodes(
  db: Kysely<Database>,
  groupKeys: readonly string[],
): Promise<Array<CommonCode & { groupKey: string }>> {
  const rows = await db
    .selectFrom('common_codes')
    .select(['group_key', 'code', 'name', 'sort'])
    .where('group_key', 'in', groupKeys)
    .where('active', '=', 1)
    .orderBy('group_key')
    .orderBy('sort')
    .execute();
  return rows.map((row) => ({ groupKey: row.group_key, code: row.code, name: row.name, sort: row.sort }));
}

export type CommonCodeRow = Selectable<CommonCodesTable>;

/** Every code (deactivated ones too), by group then the app's order (the console). */
export function findAllCommonCodes(db: Kysely<Database>, groupKey?: string) {
  let query = db.selectFrom('common_codes').selectAll();
  if (groupKey !== undefined) query = query.where('group_key', '=', groupKey);
  return query.orderBy('group_key').orderBy('sort').orderBy('code').execute();
}

export async function findCommonCodeGroups(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('common_codes')
    .select('group_key')
    .distinct()
    .orderBy('group_key')
    .execute();
  return rows.map((row) => row.group_key);
}

export function findCommonCode(db: Kysely<Database>, groupKey: string, code: string) {
  return db
    .selectFrom('common_codes')
    .selectAll()
    .where('group_key', '=', groupKey)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function insertCommonCode(db: Kysely<Database>, row: CommonCodeRow) {
  return db.insertInto('common_codes').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateCommonCode(
  db: Kysely<Database>,
  groupKey: string,
  code: string,
  change: Partial<Pick<CommonCodeRow, 'name' | 'sort' | 'active'>>,
) {
  return db
    .updateTable('common_codes')
    .set(change)
    .where('group_key', '=', groupKey)
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirstOrThrow();
}
