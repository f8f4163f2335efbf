import type { Insertable, Kysely } from 'kysely';
import type { ActivityLogsTable, Database, LoginLogsTable } from '../../db/schema.ts';

export async function insertActivityLog(
  db: Kysely<Database>,
  row: Insertable<ActivityLogsTable>,
): Promise<void> {
  await db.insertInto('activity_logs').values(row).execute();
}

export async function insertLoginLog(db: Kysely<Database>, row: Insertable<LoginLogsTable>): Promise<void> {
  await db.insertInto('login_logs').values(row).execute();
}
