import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Registry entries for a name; phone numbers are compared by the caller after normalizing. */
export async function findRegistryByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone'])
    .where('name', '=', name)
    .execute();
}

export async function findRegistryByMemberNo(db: Kysely<Database>, memberNo: string) {
  return db
    .selectFrom('membership_registry')
    .select(['member_no', 'name', 'phone', 'birth_date'])
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
}
