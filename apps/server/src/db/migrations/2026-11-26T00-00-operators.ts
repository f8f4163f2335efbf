import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  /** The people who run the service: not app users, with their own login, TOTP and role. */
  await withId(db, db.schema.createTable('operators'))
    .addColumn('login_id', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    /** RFC 6238 secret, base32. */
    .addColumn('totp_secret', 'text', (col) => col.notNull())
    /** The last TOTP time step accepted: a code works once. */
    .addColumn('totp_last_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_login_at', 'text')
    .execute();

  /** Console sessions (a cookie), apart from the app's access tokens. */
  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('csrf_token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .column('operator_id')
    .execute();

  /** Every change an operator makes and every reveal of personal data: appended, never changed. */
  await withId(db, db.schema.createTable('audit_logs'))
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_created_idx').on('audit_logs').column('created_at').execute();
  // The database itself refuses to change or remove an audit row, whoever asks.
  if (isPostgres(db)) {
    await sql`
      create function audit_logs_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_logs is append-only';
      end;
      $$`.execute(db);
    await sql`
      create trigger audit_logs_no_change before update or delete on audit_logs
      for each row execute function audit_logs_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_logs_no_update before update on audit_logs
      begin select raise(abort, 'audit_logs is append-only'); end`.execute(db);
    await sql`
      create trigger audit_logs_no_delete before delete on audit_logs
      begin select raise(abort, 'audit_logs is append-only'); end`.execute(db);
  }

  /** Notices can be drafts (not shown in the app until published). */
  await db.schema
    .alterTable('notices')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('PUBLISHED'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('status').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_logs_no_change on audit_logs`.execute(db);
    await sql`drop function if exists audit_logs_append_only()`.execute(db);
  }
  await db.schema.dropTable('audit_logs').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
