import { sql, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * A family's data export (decision 040): asked for by a parent, built by a background job into a
   * ZIP in the photo storage, downloadable by the requester until `expires_at`.
   */
  await db.schema
    .createTable('exports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** The parent whose family it is (a child's data is the parent's to take). */
    .addColumn('family_user_id', 'integer', (col) => col.notNull())
    .addColumn('requester_user_id', 'integer', (col) => col.notNull())
    /** queued → running → done | failed; `expired` once its file is deleted. */
    .addColumn('status', 'text', (col) => col.notNull())
    /** Photos written so far, of `total`. */
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('file_bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  /** One export at a time per family: a second queued or running row cannot be written. */
  await db.schema
    .createIndex('exports_one_open_per_family')
    .on('exports')
    .column('family_user_id')
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'running'])
    .execute();
  await db.schema
    .createIndex('exports_family_idx')
    .on('exports')
    .columns(['family_user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('exports_status_idx').on('exports').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exports').execute();
}
