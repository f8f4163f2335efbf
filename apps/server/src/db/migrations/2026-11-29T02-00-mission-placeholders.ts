import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

export async function up(db: Kysely<any>): Promise<void> {
  /**
   * The example shown in a mission's empty certification text box ("예: 물병에 줄을 그어 가며 마셨어요"),
   * written per mission; '' lets the app show its general one.
   */
  await db.schema
    .alterTable('missions')
    .addColumn('text_placeholder', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('missions').dropColumn('text_placeholder').execute();
}
