import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /** One-time links a parent makes for a child: registration (/login/id) or a new password (/login/pw). */
  await db.schema
    .createTable('child_links')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('parent_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('child_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('user_nm', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('child_links').execute();
}
