import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Photos a person uploaded that no certification uses yet. */
export async function countUnattachedFiles(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_user_id', '=', ownerId)
    .where('certification_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
