import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Retention: share links of days before `beforeDay` (a Seoul day); answers how many went. */
export async function deleteShareDaysBefore(db: Kysely<Database>, beforeDay: string): Promise<number> {
  const result = await db.deleteFrom('share_days').where('day', '<', beforeDay).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Certifications an operator hid before `beforeIso` and has not shown again. */
export async function findCertificationsHiddenBefore(
  db: Kysely<Database>,
  beforeIso: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('mission_certifications')
    .select('id')
    .where('hidden_at', 'is not', null)
    .where('hidden_at', '<', beforeIso)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
