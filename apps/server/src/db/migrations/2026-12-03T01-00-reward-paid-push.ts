import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  // A push when an operator pays out one of the family's rewards (decision 066): on unless turned off.
  await db.schema
    .alterTable('push_preferences')
    .addColumn('reward_paid_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_preferences').dropColumn('reward_paid_yn').execute();
}
