import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * The guardian's consent to a child's data (issue 32, decision 038): one row per child and version
 * of the `CHILD_PRIVACY_CONSENT` document a parent agreed to, with when and from which address.
 * Existing children get no row here (nothing is made up): their parent is asked at the next visit.
 * A registration link keeps the consent its parent gave when making it, until the child registers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('guardian_consents'))
    .addColumn('parent_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('child_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_version', 'text', (col) => col.notNull())
    .addColumn('agreed_at', 'text', (col) => col.notNull())
    .addColumn('ip_address', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('guardian_consents_child_idx')
    .on('guardian_consents')
    .columns(['child_user_id', 'agreed_at'])
    .execute();
  await db.schema
    .createIndex('guardian_consents_parent_idx')
    .on('guardian_consents')
    .column('parent_user_id')
    .execute();
  await db.schema.alterTable('child_links').addColumn('guardian_consent_version', 'text').execute();
  await db.schema.alterTable('child_links').addColumn('guardian_consented_at', 'text').execute();
  await db.schema.alterTable('child_links').addColumn('guardian_consent_address', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('child_links').dropColumn('guardian_consent_address').execute();
  await db.schema.alterTable('child_links').dropColumn('guardian_consented_at').execute();
  await db.schema.alterTable('child_links').dropColumn('guardian_consent_version').execute();
  await db.schema.dropTable('guardian_consents').execute();
}
