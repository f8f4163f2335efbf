import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * Terms published from the console: whether agreeing is required (a newer required version in
   * force sends people who agreed to an older one back to the agreement step) and when it was published.
   */
  await db.schema
    .alterTable('terms_documents')
    .addColumn('required', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('terms_documents').addColumn('published_at', 'text').execute();
  /** A deactivated common code stays for the rows that name it, but the app no longer lists it. */
  await db.schema
    .alterTable('common_codes')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  /** When a CSV import last changed the entry. */
  await db.schema.alterTable('membership_registry').addColumn('updated_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('membership_registry').dropColumn('updated_at').execute();
  await db.schema.alterTable('common_codes').dropColumn('active').execute();
  await db.schema.alterTable('terms_documents').dropColumn('published_at').execute();
  await db.schema.alterTable('terms_documents').dropColumn('required').execute();
}
