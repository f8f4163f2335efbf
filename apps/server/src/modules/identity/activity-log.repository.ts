import type { Insertable, Kysely } from 'kysely';
import type { ActivityLogsTable, Database, LoginLogsTable } from '../../db/schema.ts';

/** Logs may name anyone; an id that names no account is stored as no one, never as a broken reference. */
async function existingUserId(
  db: Kysely<Database>,
  userId: number | null | undefined,
): Promise<number | null> {
  if (userId === null || userId === undefined) return null;
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}

export async function insertActivityLog(
  db: Kysely<Database>,
  row: Insertable<ActivityLogsTable>,
): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values({ ...row, user_id: await existingUserId(db, row.user_id) })
    .execute();
}

export async function insertLoginLog(db: Kysely<Database>, row: Insertable<LoginLogsTable>): Promise<void> {
  await db
    .insertInto('login_logs')
    .values({ ...row, user_id: await existingUserId(db, row.user_id) })
    .execute();
}
