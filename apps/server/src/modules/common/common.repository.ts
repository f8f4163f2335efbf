import type { Kysely } from 'kysely';
import type { CommonCode } from '@hamkke/contract/common/commcode-keys';
import type { Database } from '../../db/schema.ts';
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
