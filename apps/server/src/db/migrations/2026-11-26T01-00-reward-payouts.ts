import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /** Settling a reward in the console: the payout partner's reference, or why it was cancelled. */
  await db.schema.alterTable('rewards').addColumn('payout_ref', 'text').execute();
  await db.schema.alterTable('rewards').addColumn('cancel_reason', 'text').execute();
  await db.schema.createIndex('rewards_status_idx').on('rewards').columns(['status', 'granted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rewards_status_idx').execute();
  await db.schema.alterTable('rewards').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('rewards').dropColumn('payout_ref').execute();
}
