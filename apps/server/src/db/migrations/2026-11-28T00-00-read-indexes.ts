import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /** A person's missions of the day (`home/mission-list`) read a round's missions in their order. */
  await db.schema
    .createIndex('missions_sub_challenge_sort_idx')
    .on('missions')
    .columns(['sub_challenge_id', 'sort'])
    .execute();
  /** The console's dashboard counts sign-ups per Seoul day. */
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_at_idx').execute();
  await db.schema.dropIndex('missions_sub_challenge_sort_idx').execute();
}
