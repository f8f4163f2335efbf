import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('login_logs'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('logdetail', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('activity_logs'))
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('kakao_uid', 'text')
    .addColumn('user_nm', 'text')
    .addColumn('title', 'text')
    .addColumn('url', 'text')
    .addColumn('body', 'text')
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('error_reason', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_logs_event_idx').on('activity_logs').column('event_type').execute();

  await db.schema
    .createTable('auto_login_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('auto_login_tokens_user_idx')
    .on('auto_login_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('user_agreements')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('terms_version', 'text', (col) => col.notNull())
    .addColumn('privacy_version', 'text', (col) => col.notNull())
    .addColumn('marketing', 'integer', (col) => col.notNull())
    .addColumn('agreed_at', 'text', (col) => col.notNull())
    .execute();

  /** One Kakao authorization attempt: its state (hashed) and PKCE verifier, used once. */
  await db.schema
    .createTable('kakao_login_attempts')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'kakao_login_attempts',
    'user_agreements',
    'auto_login_tokens',
    'activity_logs',
    'login_logs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
