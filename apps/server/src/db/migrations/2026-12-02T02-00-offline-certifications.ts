import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * Certifications sent from the device's queue (issue 29 item 3, decision 048): the client-made
   * idempotency key (unique per person: a repeat returns the first answer) and the client time it
   * was made at, when that differs from the time it arrived.
   */
  await db.schema.alterTable('mission_certifications').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('mission_certifications').addColumn('made_at', 'text').execute();
  await db.schema
    .createIndex('mission_certifications_idempotency_uq')
    .on('mission_certifications')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mission_certifications_idempotency_uq').execute();
  await db.schema.alterTable('mission_certifications').dropColumn('made_at').execute();
  await db.schema.alterTable('mission_certifications').dropColumn('idempotency_key').execute();
}
