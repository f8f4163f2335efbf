import type { Insertable, Kysely } from 'kysely';
import type { ActivityLogsTable, Database, LoginLogsTable } from '../../db/schema.ts';
import { peopleView } from '../users/users.views.ts';

/** Logs may name anyone; an id that names no account is stored as no one, never as a broken reference. */
async function existingUserId(
  db: Kysely<Database>,
  userId: number | null | undefined,
): Promise<number | null> {
  if (userId === null || userId === undefined) return null;
  const row = await db
    .selectFrom(peopleView(db).as('u'))
    .select('u.id')
    .where('u.id', '=', userId)
    .executeTakeFirst();
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

/** A birth date is kept only on a row that names a member (security.md: ids, not birth dates). */
export async function insertLoginLog(db: Kysely<Database>, row: Insertable<LoginLogsTable>): Promise<void> {
  const userId = await existingUserId(db, row.user_id);
  await db
    .insertInto('login_logs')
    .values({ ...row, user_id: userId, birth_date: userId === null ? null : (row.birth_date ?? null) })
    .execute();
}

/**
 * Leaving people's login records keep the event (law: access records), not their birth dates; run
 * before the accounts go, while the rows still name them.
 */
export async function clearLoginLogBirthDates(db: Kysely<Database>, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .updateTable('login_logs')
    .set({ birth_date: null })
    .where('user_id', 'in', userIds)
    .where('birth_date', 'is not', null)
    .execute();
}

/** Retention: login records written before `beforeIso`. */
export async function deleteLoginLogsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('login_logs').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Retention: activity records written before `beforeIso`. */
export async function deleteActivityLogsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('activity_logs').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
