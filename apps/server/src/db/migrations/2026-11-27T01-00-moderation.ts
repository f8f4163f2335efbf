import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * A certification an operator hid: it stays for its author (with the reason) and keeps its
   * (person, mission, day) slot, but leaves shared pages, counts, team scores and rankings.
   */
  await db.schema.alterTable('mission_certifications').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('mission_certifications').addColumn('hidden_reason', 'text').execute();
  /** A suspended account cannot log in; its tokens were revoked when it was suspended. */
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('mission_certifications').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('mission_certifications').dropColumn('hidden_at').execute();
}
