import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  /** Who takes part in which sub-challenge (teams, a later feature, fill it when members join). */
  await db.schema
    .createTable('participations')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sub_challenge_id', 'integer', (col) =>
      col.notNull().references('sub_challenges.id').onDelete('cascade'),
    )
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('participations_pk', ['user_id', 'sub_challenge_id'])
    .execute();

  /** Uploaded photos; a photo belongs to its uploader until a certification takes it. */
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('certification_id', 'integer', (col) =>
      col.references('mission_certifications.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('thumbnail_key', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_user_id').execute();
  await db.schema.createIndex('files_certification_idx').on('files').column('certification_id').execute();

  /** Each person's day has one share uuid. */
  await db.schema
    .createTable('share_days')
    .addColumn('uuid', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addUniqueConstraint('share_days_user_day_uq', ['user_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('mission_action_logs'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mission_id', 'integer', (col) => col.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mission_action_logs_user_idx')
    .on('mission_action_logs')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('forbidden_words')
    .addColumn('word', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('popups'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('link_url', 'text')
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('faqs'))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull())
    .execute();

  /** Operator-edited pages such as the service information. */
  await db.schema
    .createTable('content_pages')
    .addColumn('page_key', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'content_pages',
    'faqs',
    'popups',
    'forbidden_words',
    'mission_action_logs',
    'share_days',
    'files',
    'participations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
