import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

/**
 * Issue 46 (M3, decision 068): whether a report's family was trusted when it reported; only trusted
 * families' reports hide a certification. Reports made before counted as they did (trusted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('certification_reports')
    .addColumn('trusted', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certification_reports').dropColumn('trusted').execute();
}
