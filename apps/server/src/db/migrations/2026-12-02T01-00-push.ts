import { type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * A browser's Web Push subscription (decision 047): the push service's endpoint names it, so a
   * browser that subscribes again for another person moves it to them.
   */
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** The browser's ECDH P-256 public key and auth secret (base64url), for RFC 8291's encryption. */
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  /** A person's reminder choices; no row: the defaults (everything on, 20:00 Seoul). */
  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    /** Seoul wall time `HH:mm`. */
    .addColumn('daily_time', 'text', (col) => col.notNull().defaultTo('20:00'))
    .addColumn('invitation_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('team_done_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('round_results_yn', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  /**
   * One push to one person: written `pending` once (the unique key: person, kind, Seoul day, and
   * for team moments what it is about), sent by the job, then `sent` or `dropped`.
   */
  await db.schema
    .createTable('push_sends')
    .addColumn('send_key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    /** Not before this instant (a child's push waits for the end of the quiet hours). */
    .addColumn('not_before', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_sends_status_idx')
    .on('push_sends')
    .columns(['status', 'not_before'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_sends').execute();
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
