import { sql, type Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * Who wrote a log row: the server itself, or a client through the public log calls (which anyone
   * can call, so their rows are reports, not facts), with the address the report came from.
   */
  for (const table of ['activity_logs', 'login_logs']) {
    await db.schema
      .alterTable(table)
      .addColumn('source', 'text', (col) => col.notNull().defaultTo('SERVER'))
      .execute();
  }
  await db.schema.alterTable('login_logs').addColumn('ip_address', 'text').execute();

  /** A second factor of membership: the birth date the registry holds beside the phone number. */
  await db.schema.alterTable('membership_registry').addColumn('birth_date', 'text').execute();

  /**
   * Rows of people who left (their id was cleared by the delete) no longer keep a birth date; a row
   * that names no member keeps none from now on.
   */
  await sql`update login_logs set birth_date = null where user_id is null and birth_date is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('membership_registry').dropColumn('birth_date').execute();
  await db.schema.alterTable('login_logs').dropColumn('ip_address').execute();
  for (const table of ['login_logs', 'activity_logs']) {
    await db.schema.alterTable(table).dropColumn('source').execute();
  }
}
