import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * When a child confirmed the notice about their data (issue 32 item 2): shown at their first
   * sign-in until then, on whichever device (decision 039).
   */
  await db.schema.alterTable('users').addColumn('child_notice_seen_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('child_notice_seen_at').execute();
}
