import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

/**
 * Every team gets an unguessable public id (decision 022): 16 random bytes as 22 base64url
 * characters, the only team id a link or a front answer carries. Existing teams are given one here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('public_id', 'text').execute();
  const rows = (await db.selectFrom('teams').select('id').execute()) as Array<{ id: number }>;
  for (const row of rows) {
    await db
      .updateTable('teams')
      .set({ public_id: randomBytes(16).toString('base64url') })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('teams_public_id_idx').on('teams').column('public_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('teams_public_id_idx').execute();
  await db.schema.alterTable('teams').dropColumn('public_id').execute();
}
